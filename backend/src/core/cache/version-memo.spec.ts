import { jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { VersionMemo } from './version-memo.js';

/** A read outside any transaction that cannot finish yet (it waits for the connection a transaction holds). */
function heldRead() {
  let finish!: (value: string) => void;
  const reading = new Promise<string>((resolve) => (finish = resolve));
  return { reading, finish };
}

const transaction = { queryRunner: { isTransactionActive: true } } as unknown as EntityManager;
const settledWithin = <T>(promise: Promise<T>, ms = 200) =>
  Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

describe(VersionMemo.name, () => {
  it('shares one read among the readers of a version, outside transactions', async () => {
    const memo = new VersionMemo<string>();
    let reads = 0;
    const load = () => ((reads += 1), Promise.resolve(`read ${reads}`));
    const [a, b] = await Promise.all([memo.read(1, load), memo.read(1, load)]);
    expect([a, b, reads]).toEqual(['read 1', 'read 1', 1]);
    expect(await memo.read(2, load)).toBe('read 2');
  });

  it('never hands a transaction a read still under way that was started outside it: reads through the transaction instead', async () => {
    const memo = new VersionMemo<string>();
    const outside = heldRead();
    const loads: (EntityManager | undefined)[] = [];
    const load = (manager?: EntityManager) => {
      loads.push(manager);
      return manager ? Promise.resolve('through the transaction') : outside.reading;
    };
    const pendingOutside = memo.read(4, load);
    expect(await settledWithin(memo.read(4, load, transaction))).toBe('through the transaction');
    expect(loads).toEqual([undefined, transaction]);
    // The transaction's read is not kept; readers outside still share theirs.
    outside.finish('committed');
    expect(await pendingOutside).toBe('committed');
    expect(await memo.read(4, load)).toBe('committed');
  });

  it('gives a transaction a value already read, without a query', async () => {
    const memo = new VersionMemo<string>();
    await memo.read(4, () => Promise.resolve('warm'));
    const load = jest.fn((_manager?: EntityManager) => Promise.resolve('read again'));
    expect(await memo.read(4, load, transaction)).toBe('warm');
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps no failed read, and no read of an older version over a newer one', async () => {
    const memo = new VersionMemo<string>();
    await expect(memo.read(1, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.read(1, () => Promise.resolve('again'))).toBe('again');
    await memo.read(5, () => Promise.resolve('five'));
    expect(await memo.read(4, () => Promise.resolve('four'))).toBe('four');
    expect(await memo.read(5, () => Promise.resolve('not asked'))).toBe('five');
  });
});
