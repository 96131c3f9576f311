#!/usr/bin/env node
// Draws the site's SVG illustrations (team avatars, case-study imagery, client wordmarks) into
// frontend/public/images. The output is committed; run again after changing a palette or a motif.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (relative, svg) => {
  const file = path.join(root, 'frontend/public/images', relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, svg.replace(/\n\s*/g, '\n').trim() + '\n');
};

/**
 * The avatars and wordmarks shown many to a page also go into one sprite per folder, each under
 * an SVG view (`sprite.svg#<slug>`): a browser makes one image document for the sprite instead of
 * one per file, 10-15 ms of main thread each on a phone (frontend/src/lib/sprite.ts).
 */
const spriteGap = 2;
function writeSprite(folder, items) {
  let top = 0;
  let widest = 0;
  const views = [];
  const parts = [];
  for (const { slug, svg } of items) {
    const [rootTag] = /^<svg[^>]*>/.exec(svg);
    const [, , width, height] = /viewBox="([^"]+)"/.exec(rootTag)[1].split(/\s+/).map(Number);
    const colour = /\scolor="([^"]+)"/.exec(rootTag);
    const body = svg
      .slice(rootTag.length, svg.lastIndexOf('</svg>'))
      .replace(/id="([\w-]+)"/g, `id="${slug}-$1"`)
      .replace(/url\(#([\w-]+)\)/g, `url(#${slug}-$1)`);
    views.push(`<view id="${slug}" viewBox="0 ${top} ${width} ${height}"/>`);
    parts.push(
      `<svg y="${top}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${colour ? ` color="${colour[1]}"` : ''}>${body}</svg>`,
    );
    widest = Math.max(widest, width);
    top += height + spriteGap;
  }
  out(
    `${folder}/sprite.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${widest} ${top - spriteGap}" aria-hidden="true">
      ${views.join('\n')}
      ${parts.join('\n')}
    </svg>`,
  );
}

// --- Team avatars: a stylised portrait on a duotone backdrop, one palette per person.
const people = [
  ['daniel-okafor', '#2f4bff', '#83fafd', '#5b3a29', '#1b1b1b', 'short'],
  ['helena-marsh', '#8a2fa8', '#efbbff', '#f1c9a5', '#7a4a22', 'long'],
  ['priya-raman', '#0b7f86', '#83fafd', '#b97a56', '#1c1410', 'bun'],
  ['tom-ellery', '#9a6500', '#ffd36e', '#f0c8a8', '#a8683a', 'curly'],
  ['marcus-bell', '#161d33', '#2f4bff', '#8d5a3b', '#111111', 'fade'],
  ['sofia-lindqvist', '#c81e3a', '#ffd36e', '#f6d7bf', '#e3c27a', 'bob'],
  ['james-whitfield', '#0f8a5f', '#83fafd', '#e8b896', '#5a5a5a', 'side'],
];
const hair = {
  short: (c) => `<path d="M118 116c0-40 28-62 62-62s62 22 62 62c-8-18-30-30-62-30s-54 12-62 30z" fill="${c}"/>`,
  long: (c) =>
    `<path d="M112 130c0-46 30-74 68-74s68 28 68 74v92c-14 10-24 10-30 4V128c-10-20-30-30-38-30s-28 10-38 30v94c-6 6-16 6-30-4z" fill="${c}"/>`,
  bun: (c) =>
    `<circle cx="180" cy="52" r="22" fill="${c}"/><path d="M118 118c0-40 28-62 62-62s62 22 62 62c-10-20-34-32-62-32s-52 12-62 32z" fill="${c}"/>`,
  curly: (c) =>
    `<g fill="${c}">${[130, 150, 170, 190, 210, 230].map((x, i) => `<circle cx="${x}" cy="${78 + (i % 2) * 8}" r="20"/>`).join('')}</g>`,
  fade: (c) => `<path d="M122 108c4-34 28-52 58-52s54 18 58 52c-16-10-36-14-58-14s-42 4-58 14z" fill="${c}"/>`,
  bob: (c) =>
    `<path d="M114 128c0-44 28-72 66-72s66 28 66 72v44c-10 6-18 6-22 0v-56c-12-14-28-22-44-22s-32 8-44 22v56c-4 6-12 6-22 0z" fill="${c}"/>`,
  side: (c) => `<path d="M118 118c0-40 28-62 62-62s62 22 62 62c-20-24-60-34-96-20-12 4-20 10-28 20z" fill="${c}"/>`,
};
const avatars = [];
for (const [slug, deep, light, skin, hairColour, style] of people) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 360" width="360" height="360" role="img" aria-hidden="true">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient></defs>
      <rect width="360" height="360" fill="url(#g)"/>
      <circle cx="290" cy="70" r="90" fill="#fff" opacity=".12"/>
      <path d="M40 360c8-74 66-112 140-112s132 38 140 112z" fill="${deep}"/>
      <path d="M150 236h60v30c-10 12-50 12-60 0z" fill="${skin}"/>
      <path d="M110 360c6-50 34-78 70-78s64 28 70 78z" fill="#fff" opacity=".9"/>
      <ellipse cx="180" cy="150" rx="58" ry="70" fill="${skin}"/>
      ${hair[style](hairColour)}
      <circle cx="160" cy="152" r="5" fill="#1b1b1b"/><circle cx="200" cy="152" r="5" fill="#1b1b1b"/>
      <path d="M164 188c10 8 22 8 32 0" stroke="#1b1b1b" stroke-width="4" fill="none" stroke-linecap="round"/>
    </svg>`;
  out(`team/${slug}.svg`, svg);
  avatars.push({ slug, svg });
}
writeSprite('team', avatars);

// --- Case-study imagery: a product screen floating over a duotone field, one motif per study.
const studies = [
  ['relative-probability', '#0a0f1f', '#2f4bff', '#83fafd', 'chart'],
  ['panaquest', '#2a0e36', '#8a2fa8', '#efbbff', 'quiz'],
  ['harbourline-xr-release-training', '#101a2c', '#0b7f86', '#83fafd', 'room'],
  ['lumen-outdoor-compliance-engine', '#1a1206', '#9a6500', '#ffd36e', 'billboard'],
  ['meridian-pharma-governance', '#0a1f18', '#0f8a5f', '#83fafd', 'tiers'],
  ['northgate-fire-training-twin', '#240a10', '#c81e3a', '#ffd36e', 'tower'],
];
const motifs = {
  chart: (
    a,
    b,
  ) => `${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${440 + i * 70}" y="${520 - [120, 180, 150, 240, 210, 300, 260, 330][i]}" width="44" height="${[120, 180, 150, 240, 210, 300, 260, 330][i]}" rx="8" fill="${i % 3 === 2 ? b : a}"/>`).join('')}
    <path d="M440 360 C560 300 640 330 720 250 S880 170 980 150" stroke="${b}" stroke-width="6" fill="none"/>
    <rect x="240" y="200" width="160" height="90" rx="14" fill="${b}" opacity=".25"/><text x="262" y="262" font-family="Arial, sans-serif" font-size="44" font-weight="700" fill="#fff">65%</text>`,
  quiz: (
    a,
    b,
  ) => `${[0, 1, 2, 3].map((i) => `<rect x="260" y="${220 + i * 78}" width="680" height="58" rx="29" fill="${i === 1 ? b : '#ffffff'}" opacity="${i === 1 ? 1 : 0.14}"/><circle cx="296" cy="${249 + i * 78}" r="12" fill="${i === 1 ? a : '#fff'}"/>`).join('')}
    <rect x="260" y="170" width="680" height="10" rx="5" fill="#fff" opacity=".15"/><rect x="260" y="170" width="420" height="10" rx="5" fill="${b}"/>`,
  room: (
    a,
    b,
  ) => `<path d="M300 520 L460 400 L740 400 L900 520 Z" fill="${a}" opacity=".6"/><path d="M460 200 L740 200 L740 400 L460 400 Z" fill="#fff" opacity=".08"/>
    <path d="M300 180 L460 200 L460 400 L300 520 Z" fill="#fff" opacity=".12"/><path d="M900 180 L740 200 L740 400 L900 520 Z" fill="#fff" opacity=".12"/>
    <rect x="560" y="300" width="80" height="100" rx="10" fill="${b}"/><circle cx="600" cy="270" r="26" fill="${b}"/>`,
  billboard: (
    a,
    b,
  ) => `<rect x="330" y="170" width="540" height="260" rx="16" fill="${a}"/><rect x="354" y="194" width="492" height="212" rx="8" fill="${b}" opacity=".85"/>
    <rect x="590" y="430" width="20" height="120" fill="#fff" opacity=".3"/><circle cx="800" cy="230" r="26" fill="#fff"/><path d="M788 230l9 9 17-19" stroke="${a}" stroke-width="6" fill="none"/>
    <rect x="390" y="240" width="260" height="22" rx="11" fill="#fff" opacity=".7"/><rect x="390" y="280" width="180" height="22" rx="11" fill="#fff" opacity=".5"/>`,
  tiers: (a, b) =>
    `${[0, 1, 2].map((i) => `<rect x="${300 + i * 40}" y="${200 + i * 110}" width="${600 - i * 80}" height="84" rx="18" fill="${[b, a, '#ffffff'][i]}" opacity="${[1, 0.9, 0.2][i]}"/><text x="${330 + i * 40}" y="${252 + i * 110}" font-family="Arial, sans-serif" font-size="28" font-weight="700" fill="${i === 0 ? '#0a1f18' : '#fff'}">Tier ${i + 1}</text>`).join('')}`,
  tower: (
    a,
    b,
  ) => `<rect x="520" y="130" width="160" height="420" rx="6" fill="#fff" opacity=".12"/>${Array.from({ length: 10 }, (_, r) => [0, 1, 2].map((c) => `<rect x="${536 + c * 48}" y="${146 + r * 40}" width="32" height="24" rx="3" fill="${r < 4 && c > 0 ? b : '#fff'}" opacity="${r < 4 && c > 0 ? 0.9 : 0.25}"/>`).join('')).join('')}
    <circle cx="700" cy="170" r="80" fill="${a}" opacity=".35"/><circle cx="740" cy="130" r="60" fill="${a}" opacity=".25"/>`,
};
function studyImage(dark, mid, light, motif, variant, width, height) {
  const tilt = variant === 0 ? '' : variant === 1 ? ' transform="translate(40 10)"' : ' transform="translate(-20 20)"';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 ${height}" width="${width}" height="${height}" role="img" aria-hidden="true">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
      <radialGradient id="glow" cx=".8" cy=".2" r=".7"><stop offset="0" stop-color="${light}" stop-opacity=".55"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
      <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="#fff" stroke-opacity=".06"/></pattern>
    </defs>
    <rect width="1200" height="${height}" fill="url(#bg)"/><rect width="1200" height="${height}" fill="url(#grid)"/><rect width="1200" height="${height}" fill="url(#glow)"/>
    <g${tilt}>
      <rect x="200" y="110" width="800" height="${height - 200}" rx="28" fill="#0a0f1f" opacity=".55" stroke="#fff" stroke-opacity=".18"/>
      <circle cx="236" cy="142" r="7" fill="#ff5f57"/><circle cx="258" cy="142" r="7" fill="#febc2e"/><circle cx="280" cy="142" r="7" fill="#28c840"/>
      ${variant === 2 ? `<g opacity=".9">${motifs[motif](mid, light)}</g>` : motifs[motif](mid, light)}
    </g>
  </svg>`;
}
for (const [slug, dark, mid, light, motif] of studies) {
  out(`case-studies/${slug}/hero.svg`, studyImage(dark, mid, light, motif, 0, 1200, 675));
  out(`case-studies/${slug}/gallery-1.svg`, studyImage(mid, dark, light, motif, 1, 1200, 675));
  out(
    `case-studies/${slug}/gallery-2.svg`,
    studyImage(dark, light === '#83fafd' ? '#161d33' : mid, light, motif, 2, 1200, 675),
  );
}

// --- Client wordmarks of fictional clients, in one ink colour so the marquee stays calm.
const clients = [
  ['relative-probability', 'Relative', 'circle'],
  ['panaquest', 'PanaQuest', 'diamond'],
  ['harbourline', 'Harbourline', 'wave'],
  ['lumen-outdoor', 'LUMEN', 'sun'],
  ['meridian-pharma', 'Meridian', 'cross'],
  ['northgate-fire', 'Northgate', 'flame'],
  ['kestrel-logistics', 'Kestrel', 'wing'],
  ['orbital-foods', 'orbital', 'ring'],
];
const glyphs = {
  circle:
    '<circle cx="20" cy="24" r="14" fill="none" stroke="currentColor" stroke-width="5"/><circle cx="20" cy="24" r="5" fill="currentColor"/>',
  diamond: '<path d="M20 6l16 18-16 18L4 24z" fill="currentColor"/>',
  wave: '<path d="M4 28c6-8 10-8 16 0s10 8 16 0M4 18c6-8 10-8 16 0s10 8 16 0" stroke="currentColor" stroke-width="4" fill="none"/>',
  sun: '<circle cx="20" cy="24" r="9" fill="currentColor"/><g stroke="currentColor" stroke-width="3"><path d="M20 4v6M20 38v6M0 24h6M34 24h6M6 10l4 4M30 34l4 4M6 38l4-4M30 14l4-4"/></g>',
  cross: '<path d="M14 6h12v12h12v12H26v12H14V30H2V18h12z" fill="currentColor"/>',
  flame:
    '<path d="M20 4c8 10 14 16 14 26a14 14 0 0 1-28 0c0-6 3-10 7-14 0 6 3 9 6 9-2-8 1-15 1-21z" fill="currentColor"/>',
  wing: '<path d="M2 30C14 14 26 8 40 8 34 20 26 30 12 34z" fill="currentColor"/>',
  ring: '<ellipse cx="20" cy="24" rx="18" ry="8" fill="none" stroke="currentColor" stroke-width="4"/><circle cx="20" cy="24" r="8" fill="currentColor"/>',
};
/**
 * A wordmark's name is drawn as outlines of Space Grotesk Bold, not as `<text>`: an SVG shown as an
 * image cannot load the page's web fonts, so `<text>` fell back to whatever sans-serif the visitor
 * had, and shaping it cost a phone's main thread ~80 ms per marquee under Lighthouse's slow-down.
 */
const wordmarkFont = fontkit.openSync(
  createRequire(import.meta.url).resolve('@fontsource/space-grotesk/files/space-grotesk-latin-700-normal.woff'),
);
const round = (n) => String(Math.round(n * 10) / 10);
const pathCommands = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' };
/** One path of `word` set from `x` on `baseline`, and where its last letter ends. */
function outline(word, x, baseline, size, letterSpacing) {
  const scale = size / wordmarkFont.unitsPerEm;
  const run = wordmarkFont.layout(word);
  let pen = x;
  const d = [];
  run.glyphs.forEach((glyph, i) => {
    const { xOffset, yOffset, xAdvance } = run.positions[i];
    const point = (px, py) => `${round(pen + (px + xOffset) * scale)} ${round(baseline - (py + yOffset) * scale)}`;
    for (const { command, args } of glyph.path.commands) {
      const points = [];
      for (let k = 0; k < args.length; k += 2) points.push(point(args[k], args[k + 1]));
      d.push(pathCommands[command] + points.join(' '));
    }
    pen += xAdvance * scale + (i < run.glyphs.length - 1 ? letterSpacing : 0);
  });
  return { d: d.join(''), right: pen };
}
const wordmarks = [];
const wordmarkWidths = {};
for (const [slug, word, glyph] of clients) {
  const { d, right } = outline(word, 50, 33, 26, -0.5);
  const width = Math.ceil(right) + 4;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 48" width="${width}" height="48" color="#0a0f1f" role="img" aria-label="${word}">
      ${glyphs[glyph]}
      <path d="${d}" fill="currentColor"/>
    </svg>`;
  out(`clients/${slug}.svg`, svg);
  wordmarks.push({ slug, svg });
  wordmarkWidths[slug] = width;
}
writeSprite('clients', wordmarks);
// The marquee's <img> reserves each wordmark's box before the sprite arrives: its width follows the outline.
writeFileSync(
  path.join(root, 'common/src/client-logo-widths.ts'),
  `// Written by scripts/generate-illustrations.mjs: each client wordmark's width at a height of 48.
export const clientLogoWidths = {
${Object.entries(wordmarkWidths)
  .map(([slug, width]) => `  ${/^[a-z]\w*$/.test(slug) ? slug : `'${slug}'`}: ${width},`)
  .join('\n')}
} as const;
`,
);
console.log('Illustrations written to frontend/public/images, wordmark widths to common/src/client-logo-widths.ts');
