/** Fictional clients shown in the logo marquee (placeholders; re-brand here). */
export const clients = [
  { name: 'Relative Probability', logo: '/images/clients/relative-probability.svg', width: 151 },
  { name: 'PanaQuest', logo: '/images/clients/panaquest.svg', width: 186 },
  { name: 'Harbourline', logo: '/images/clients/harbourline.svg', width: 196 },
  { name: 'Lumen Outdoor Media', logo: '/images/clients/lumen-outdoor.svg', width: 138 },
  { name: 'Meridian Pharma', logo: '/images/clients/meridian-pharma.svg', width: 161 },
  { name: 'Northgate Fire & Rescue', logo: '/images/clients/northgate-fire.svg', width: 179 },
  { name: 'Kestrel Logistics', logo: '/images/clients/kestrel-logistics.svg', width: 139 },
  { name: 'Orbital Foods', logo: '/images/clients/orbital-foods.svg', width: 135 },
] as const;
