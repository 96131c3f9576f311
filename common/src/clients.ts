import { clientLogoWidths } from './client-logo-widths.js';

const client = (name: string, slug: keyof typeof clientLogoWidths) => ({
  name,
  logo: `/images/clients/${slug}.svg`,
  width: clientLogoWidths[slug],
});

/** Fictional clients shown in the logo marquee (placeholders; re-brand here and in scripts/generate-illustrations.mjs). */
export const clients = [
  client('Relative Probability', 'relative-probability'),
  client('PanaQuest', 'panaquest'),
  client('Harbourline', 'harbourline'),
  client('Lumen Outdoor Media', 'lumen-outdoor'),
  client('Meridian Pharma', 'meridian-pharma'),
  client('Northgate Fire & Rescue', 'northgate-fire'),
  client('Kestrel Logistics', 'kestrel-logistics'),
  client('Orbital Foods', 'orbital-foods'),
];
