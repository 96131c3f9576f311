import { limits } from './limits.js';

/**
 * Page numbers to show: at most 5, a window of 2 either side of the current page, pinned to the
 * first 5 pages near the start and to the last 5 near the end.
 */
export function pageWindow(currentPage: number, totalPages: number): number[] {
  const size = limits.pageWindow;
  if (totalPages <= size) return range(1, totalPages);
  const half = Math.floor(size / 2);
  if (currentPage <= half + 1) return range(1, size);
  if (currentPage >= totalPages - half) return range(totalPages - size + 1, totalPages);
  return range(currentPage - half, currentPage + half);
}

export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/** 'Showing X-Y of N posts' figures for a 1-based page. */
export function pageRange(page: number, pageSize: number, totalItems: number) {
  const first = totalItems === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, totalItems);
  return { first, last };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}
