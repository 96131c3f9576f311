import { limits } from './limits.js';

/**
 * Word count rule (docs/product.md#blog): strip fenced and inline code, link and image markup (keeping link
 * text), heading marks, emphasis marks and HTML tags, then count whitespace-separated words.
 */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/~~~[\s\S]*?~~~/g, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}#{1,6}\s*/gm, '')
    .replace(/[*_~]+/g, '');
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  return words.length;
}

/** Words divided by 200 rounded up, at least 1, and 0 when there are no words. */
export function readingTimeMinutes(wordCount: number): number {
  if (wordCount <= 0) return 0;
  return Math.max(1, Math.ceil(wordCount / limits.wordsPerMinute));
}
