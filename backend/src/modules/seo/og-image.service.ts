import { createRequire } from 'node:module';
import path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { Resvg } from '@resvg/resvg-js';
import { sectionColours, site } from '@northbeam/common';
import { TeamService } from '../team/team.service.js';
import { boundedCache } from '../../core/cache/bounded-cache.js';
import { etagOf } from '../../core/http/etag.js';
import { escapeXmlText } from '../../core/text/xml-text.js';
import { SeoRepository, type ImageSubject } from './seo.repository.js';

const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('@expo-google-fonts/space-grotesk/package.json'));
const fontFiles = [
  path.join(fontDir, '600SemiBold/SpaceGrotesk_600SemiBold.ttf'),
  path.join(fontDir, '400Regular/SpaceGrotesk_400Regular.ttf'),
];

interface Card {
  eyebrow: string;
  title: string;
  accent: string;
}

const pageCards: Record<string, Card> = {
  home: { eyebrow: site.name, title: site.tagline, accent: '#2f4bff' },
  about: { eyebrow: 'About', title: 'The consultants and builders behind ' + site.name, accent: '#2f4bff' },
  consulting: {
    eyebrow: 'Consulting',
    title: 'Strategy, prototypes and governance that ship',
    accent: sectionColours.consulting,
  },
  labs: {
    eyebrow: 'Labs',
    title: 'Innovation-as-a-Service, IP builds and future simulations',
    accent: sectionColours.labs,
  },
  immersive: { eyebrow: 'Immersive', title: 'XR training, simulation and CGI studios', accent: '#ffd36e' },
  contact: { eyebrow: 'Contact', title: 'Talk to the team. NDAs on day one.', accent: '#2f4bff' },
  'case-studies': { eyebrow: 'Case Studies', title: 'What we built, and what it changed', accent: '#ffd36e' },
  blog: { eyebrow: 'Blog', title: 'Labs Content and Consulting Insights', accent: '#2f4bff' },
  'blog-labs': { eyebrow: 'Blog', title: 'Labs Content', accent: sectionColours.labs },
  'blog-consulting': { eyebrow: 'Blog', title: 'Consulting Insights', accent: sectionColours.consulting },
  cookies: { eyebrow: 'Legal', title: 'Cookie Policy', accent: '#dfe2ec' },
  privacy: { eyebrow: 'Legal', title: 'Privacy Policy', accent: '#dfe2ec' },
  terms: { eyebrow: 'Legal', title: 'Terms & Conditions', accent: '#dfe2ec' },
  'data-deletion': { eyebrow: 'Privacy', title: 'Data Deletion Request', accent: '#dfe2ec' },
};

/** Greedy word wrap by an average glyph width; at most `maxLines`, the last one ellipsised. */
export function wrapTitle(title: string, charsPerLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= charsPerLine || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[\s.,;:!?-]+$/, '')}…`;
  return kept;
}

/** A drawn card: its PNG bytes and their ETag, made once. */
export interface OgImage {
  png: Buffer;
  etag: string;
}

/** Social-sharing images (1200×630 PNG) drawn on the server and kept in memory by content. */
@Injectable()
export class OgImageService {
  private readonly logger = new Logger(OgImageService.name);
  /** Drawn cards by their text: new content is a new key, so nothing needs invalidating; 300 kept. */
  private readonly cache = boundedCache<string, OgImage>({ maxEntries: 300 });

  constructor(
    private readonly repository: SeoRepository,
    private readonly team: TeamService,
  ) {}

  async render(slug: string): Promise<OgImage> {
    const card = await this.cardFor(slug.toLowerCase());
    const key = `${card.eyebrow}\u0000${card.title}\u0000${card.accent}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const png = this.draw(card);
    const image = { png, etag: etagOf(png) };
    this.cache.set(key, image);
    return image;
  }

  private async cardFor(slug: string): Promise<Card> {
    if (Object.hasOwn(pageCards, slug)) return pageCards[slug];
    const member = await this.team.findShown(slug.replace(/^team-/, ''));
    if (member)
      return {
        eyebrow: `${site.name} Team`,
        title: `${member.name}, ${member.role}`,
        accent: sectionColours.consulting,
      };
    let subject: ImageSubject | undefined;
    try {
      subject = await this.repository.imageSubject(slug.replace(/^(blog-(labs|consulting)-|case-studies-)/, ''));
    } catch (error) {
      this.logger.warn(`No subject for og-image ${slug}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (subject?.kind === 'case-study') return { eyebrow: 'Case Study', title: subject.title, accent: '#ffd36e' };
    if (subject)
      return {
        eyebrow: subject.kind === 'labs' ? 'Labs' : 'Consulting',
        title: subject.title,
        accent: sectionColours[subject.kind],
      };
    return pageCards.home;
  }

  private draw(card: Card): Buffer {
    const lines = wrapTitle(card.title, 26, 4);
    const fontSize = lines.length > 3 ? 60 : 68;
    const lineHeight = Math.round(fontSize * 1.12);
    const titleTop = 300 - ((lines.length - 1) * lineHeight) / 2;
    const titleText = lines
      .map(
        (line, index) =>
          `<text x="80" y="${titleTop + index * lineHeight}" font-size="${fontSize}" font-weight="600" fill="#ffffff">${escapeXmlText(line)}</text>`,
      )
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0a0f1f"/>
  <circle cx="1060" cy="120" r="260" fill="${card.accent}" opacity="0.18"/>
  <circle cx="1120" cy="560" r="140" fill="${card.accent}" opacity="0.12"/>
  <rect x="80" y="84" width="12" height="44" rx="3" fill="${card.accent}"/>
  <text x="110" y="118" font-size="30" font-weight="600" fill="${card.accent}" letter-spacing="4">${escapeXmlText(card.eyebrow.toUpperCase())}</text>
  ${titleText}
  <rect x="80" y="520" width="1040" height="2" fill="#ffffff" opacity="0.15"/>
  <text x="80" y="568" font-size="28" font-weight="400" fill="#ffffff" opacity="0.85">${escapeXmlText(site.legalName)}</text>
  <text x="1120" y="568" font-size="28" font-weight="400" fill="#ffffff" opacity="0.6" text-anchor="end">${escapeXmlText(site.tagline)}</text>
</svg>`;
    const resvg = new Resvg(svg, {
      fitTo: { mode: 'width', value: 1200 },
      font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Space Grotesk' },
    });
    return resvg.render().asPng();
  }
}
