import { pageCount, pageRange, pageWindow } from './pagination.js';

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('pins the window to the first five pages near the start', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres a window of two either side in the middle', () => {
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
  });

  it('pins the window to the last five pages near the end', () => {
    expect(pageWindow(10, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });
});

describe('pageRange', () => {
  it('gives the first and last item of a page for the counter', () => {
    expect(pageRange(1, 15, 40)).toEqual({ first: 1, last: 15 });
    expect(pageRange(3, 15, 40)).toEqual({ first: 31, last: 40 });
    expect(pageRange(1, 15, 0)).toEqual({ first: 0, last: 0 });
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(31, 15)).toBe(3);
  });
});
