import { createHash } from 'node:crypto';
import { postLimits } from '@northbeam/common';

const sourceIdMax = 300;

/** At most `max` characters, cut at a word with an ellipsis when longer. */
export function truncate(value: string, max: number): string {
  const characters = [...value];
  if (characters.length <= max) return value;
  const cut = characters.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An excerpt from a post's text: its first sentences, within the excerpt limit. */
export function excerptOf(text: string): string {
  return truncate(text.trim(), Math.min(postLimits.excerptMax, 300));
}

/** A source id as stored: as given when short, else its SHA-256 (still the same for the same post). */
export function sourceKey(value: string): string {
  return value.length <= sourceIdMax ? value : `sha256:${createHash('sha256').update(value).digest('hex')}`;
}
