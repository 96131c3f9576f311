import type { DataSource } from 'typeorm';
import { ContentVersionService } from './content-version.service.js';

/** A database whose content version the test controls, counting the reads. */
function fakeDatabase() {
  const state = { version: 1, reads: 0 };
  const query = (sql: string) => {
    if (sql.startsWith('UPDATE')) {
      state.version += 1;
      // TypeORM answers UPDATE with [rows, affected count].
      return Promise.resolve([[], 1]);
    }
    state.reads += 1;
    return Promise.resolve([{ version: String(state.version) }]);
  };
  const dataSource = { query, manager: { query } } as unknown as DataSource;
  return { state, dataSource };
}

describe(ContentVersionService.name, () => {
  it('reads the version once and trusts it for a second', async () => {
    const { state, dataSource } = fakeDatabase();
    const service = new ContentVersionService(dataSource);
    expect(await service.current()).toBe(1);
    expect(await service.current()).toBe(1);
    expect(state.reads).toBe(1);
  });

  it('sees its own change at once after a bump', async () => {
    const { dataSource } = fakeDatabase();
    const service = new ContentVersionService(dataSource);
    expect(await service.current()).toBe(1);
    await service.bump();
    expect(await service.current()).toBe(2);
    await service.bump();
    await service.bump();
    expect(await service.current()).toBe(4);
  });
});
