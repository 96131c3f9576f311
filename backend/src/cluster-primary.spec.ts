import { workerExecArgv } from './cluster-primary.js';

describe('workerExecArgv', () => {
  it('gives workers a 64 MiB semi-space and keeps the primary’s own arguments', () => {
    expect(workerExecArgv(['--enable-source-maps'])).toEqual(['--enable-source-maps', '--max-semi-space-size=64']);
  });

  it('leaves an operator’s own semi-space setting alone, as an argument or in NODE_OPTIONS', () => {
    expect(workerExecArgv(['--max-semi-space-size=16'])).toEqual(['--max-semi-space-size=16']);
    expect(workerExecArgv([], '--max-old-space-size=512 --max_semi_space_size=8')).toEqual([]);
  });
});
