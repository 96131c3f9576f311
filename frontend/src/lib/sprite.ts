/**
 * The address of an illustration inside its folder's sprite (scripts/generate-illustrations.mjs):
 * `/images/team/priya-raman.svg` is shown from `/images/team/sprite.svg#priya-raman`, an SVG view of
 * the same drawing. Browsers make one image document per SVG file, each 10-15 ms of main thread on
 * a phone; a page of seven avatars and sixteen wordmarks then makes two. Any other address is
 * returned as it is.
 */
export function spriteAddress(src: string): string {
  const match = /^\/images\/(team|clients)\/([a-z0-9-]+)\.svg$/.exec(src);
  return match ? `/images/${match[1]}/sprite.svg#${match[2]}` : src;
}
