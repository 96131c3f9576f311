import { site } from '@northbeam/common';
import type { HeadData } from './head';
import type { RouteHandle } from './route-handle';

interface MatchLike {
  params: Record<string, string | undefined>;
  data?: unknown;
  handle?: unknown;
}

const fallbackHead: HeadData = { title: site.name, description: site.description };

/** The head of the deepest matched route that declares one. */
export function resolveHead(matches: MatchLike[], pathname: string, publicUrl: string): HeadData {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.head) return handle.head({ data: match.data, params: match.params, pathname, publicUrl });
  }
  return fallbackHead;
}

export function resolveStatus(matches: MatchLike[]): number | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const status = (matches[index].handle as RouteHandle | undefined)?.status;
    if (status) return status;
  }
  return undefined;
}
