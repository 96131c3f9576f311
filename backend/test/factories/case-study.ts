import type { SaveCaseStudyRequest } from '@northbeam/common';

/** A complete, valid case study as the admin's editor sends it, with the fields a test cares about. */
export function caseStudyRequest(slug: string, overrides: Partial<SaveCaseStudyRequest> = {}): SaveCaseStudyRequest {
  return {
    slug,
    title: 'Harbour Freight: a routing engine for night shifts',
    summary: 'We rebuilt the night-shift routing of a freight operator so that every lorry leaves full.',
    hero_image: '/images/case-studies/panaquest/hero.svg',
    client: 'Harbour Freight',
    sector: 'Logistics',
    services: ['AI Strategy', 'Data Engineering'],
    tech: ['Python', 'PostgreSQL'],
    date: '2023-05-17',
    problem_md: 'Lorries left **half empty** at night.',
    approach_md: '- Mapped the depots\n- Tested three planners',
    solution_md: 'A planner that re-plans every ten minutes.',
    outcomes_md: 'Fewer empty miles.\n\n- 18% fewer empty miles',
    metrics: [{ value: '18%', label: 'Fewer empty miles', context: 'first quarter' }],
    gallery: [{ src: '/images/case-studies/panaquest/gallery-1.svg', alt: 'Depot map', caption: 'Depots at night' }],
    cta: { label: 'Plan your routes with us', href: '/contact' },
    seo: { title: 'Harbour Freight case study', description: 'Night-shift routing for a freight operator.', image: '' },
    link: null,
    ...overrides,
  };
}
