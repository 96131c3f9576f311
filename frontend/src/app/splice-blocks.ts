import type { BlockSplices } from '@/components/page/server-html';

/**
 * Server: the page's bytes with each reused block's bytes where its marker stands
 * (components/page/server-html.ts). A marker the page does not hold (its block was dropped by an
 * error boundary, or asked for twice) is left out; blocks go in document order, whatever the order
 * the render asked for them.
 */
export function spliceBlocks(page: Buffer, splices: BlockSplices): Buffer {
  if (splices.blocks.length === 0) return page;
  const found: { at: number; length: number; block: Uint8Array }[] = [];
  splices.blocks.forEach((block, index) => {
    const marker = splices.marker(index);
    const at = page.indexOf(marker, 0, 'latin1');
    if (at !== -1) found.push({ at, length: marker.length, block });
  });
  found.sort((a, b) => a.at - b.at);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const { at, length, block } of found) {
    parts.push(page.subarray(from, at), block);
    from = at + length;
  }
  parts.push(page.subarray(from));
  return Buffer.concat(parts);
}
