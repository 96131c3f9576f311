/** Fictional clients shown in the logo marquee (placeholders; re-brand here). */
export const clients = [
  { name: 'Relative Probability', logo: '/images/clients/relative-probability.svg', width: 192 },
  { name: 'PanaQuest', logo: '/images/clients/panaquest.svg', width: 209 },
  { name: 'Harbourline', logo: '/images/clients/harbourline.svg', width: 243 },
  { name: 'Lumen Outdoor Media', logo: '/images/clients/lumen-outdoor.svg', width: 141 },
  { name: 'Meridian Pharma', logo: '/images/clients/meridian-pharma.svg', width: 192 },
  { name: 'Northgate Fire & Rescue', logo: '/images/clients/northgate-fire.svg', width: 209 },
  { name: 'Kestrel Logistics', logo: '/images/clients/kestrel-logistics.svg', width: 175 },
  { name: 'Orbital Foods', logo: '/images/clients/orbital-foods.svg', width: 175 },
] as const;
