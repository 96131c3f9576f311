import type { EntityManager } from 'typeorm';
import { insideTransaction, openTransaction } from './open-transaction.js';

const manager = (active: boolean) => ({ queryRunner: { isTransactionActive: active } }) as unknown as EntityManager;

describe('openTransaction', () => {
  it('is the manager given when its transaction is open, and nothing outside transactions', () => {
    const open = manager(true);
    expect(openTransaction(open)).toBe(open);
    expect(openTransaction(manager(false))).toBeUndefined();
    expect(openTransaction()).toBeUndefined();
  });

  it('is the marked transaction while its work runs, in every await of it, and not after', async () => {
    const open = manager(true);
    const seen: (EntityManager | undefined)[] = [];
    let later: Promise<void> | undefined;
    await insideTransaction(open, async () => {
      seen.push(openTransaction());
      await Promise.resolve();
      seen.push(openTransaction());
      later = new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() => void seen.push(openTransaction()));
    });
    await later;
    expect(seen).toEqual([open, open, undefined]);
    expect(openTransaction()).toBeUndefined();
  });
});
