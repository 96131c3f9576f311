import { slugify } from './slugify.js';

export interface TeamMember {
  id: string;
  slug: string;
  name: string;
  /** Role shown on profiles and in author blocks. */
  role: string;
  /** Role shown in the public team strip where the two readings differ. */
  stripRole: string;
  bio: string;
  fullBio: string;
  linkedin: string;
  avatar: string | null;
  expertise: string[];
}

type TeamMemberInput = Omit<TeamMember, 'id' | 'slug' | 'stripRole'> & { stripRole?: string };

function member(input: TeamMemberInput): TeamMember {
  const slug = slugify(input.name);
  return { ...input, id: slug, slug, stripRole: input.stripRole ?? input.role };
}

/** The seven built-in team members (placeholder names; re-brand here). */
export const team: TeamMember[] = [
  member({
    name: 'Daniel Okafor',
    role: 'Chief Technology Officer',
    bio: 'Leads architecture and delivery across Consulting, Labs and Immersive, from first prototype to production.',
    fullBio:
      'Daniel has spent twenty years building software that has to work on the first day: trading platforms, public-sector data services and real-time 3D pipelines.\n\nAt Northbeam he owns the technical bar for every engagement. He chairs the weekly build review, decides what goes into the shared component library and signs off every system that touches client data.\n\nHe believes a working prototype beats a slide deck every time, and that most transformation programmes fail because nobody ships anything in the first month.',
    linkedin: 'https://www.linkedin.com/in/daniel-okafor-northbeam',
    avatar: '/images/team/daniel-okafor.svg',
    expertise: ['#SystemsArchitecture', '#AIEngineering', '#XRPipelines', '#DevOps'],
  }),
  member({
    name: 'Helena Marsh',
    role: 'Strategy Director',
    bio: 'Turns ambitions into roadmaps that teams can actually deliver, with governance built in from day one.',
    fullBio:
      'Helena has led transformation programmes for manufacturers, healthcare providers and professional-services firms across the UK and Europe.\n\nShe runs Northbeam Consulting: discovery workshops, roadmaps, business cases and the governance that keeps AI adoption safe and auditable.\n\nBefore Northbeam she was a director at a Big Four advisory practice, where she learned exactly which parts of a consulting deck nobody reads.',
    linkedin: 'https://www.linkedin.com/in/helena-marsh-northbeam',
    avatar: '/images/team/helena-marsh.svg',
    expertise: ['#DigitalStrategy', '#AIGovernance', '#ChangeManagement', '#Roadmapping'],
  }),
  member({
    name: 'Priya Raman',
    role: 'AI Marketing Transformation',
    bio: 'Helps marketing teams put AI to work on content, targeting and measurement without losing their brand voice.',
    fullBio:
      'Priya has built growth teams for consumer brands and B2B software companies, and now helps SMEs rebuild their marketing around AI tools they can trust.\n\nHer work spans content operations, first-party data, attribution and the policies that keep generated content accurate and on-brand.\n\nShe is a regular speaker on responsible AI in marketing and mentors founders through the Northbeam Labs programme.',
    linkedin: 'https://www.linkedin.com/in/priya-raman-northbeam',
    avatar: '/images/team/priya-raman.svg',
    expertise: ['#AIMarketing', '#Attribution', '#ContentOps', '#FirstPartyData'],
  }),
  member({
    name: 'Tom Ellery',
    role: 'Associate Professor in Public Health',
    stripRole: 'Creative Director',
    bio: 'Brings research rigour and a designer’s eye to immersive training and behaviour-change programmes.',
    fullBio:
      'Tom combines an academic career in public health with fifteen years of creative direction for film, games and training.\n\nHe leads the design of Northbeam’s immersive programmes, making sure every simulation is grounded in evidence about how people actually learn and change behaviour.\n\nHis recent work includes XR training for custodial staff and a procedural training twin for emergency responders.',
    linkedin: 'https://www.linkedin.com/in/tom-ellery-northbeam',
    avatar: '/images/team/tom-ellery.svg',
    expertise: ['#PublicHealth', '#CreativeDirection', '#XRTraining', '#BehaviourChange'],
  }),
  member({
    name: 'Marcus Bell',
    role: 'Blockchain Payments Expert',
    bio: 'Designs payment and settlement systems that are fast, compliant and boring in the best possible way.',
    fullBio:
      'Marcus has designed payment rails for fintech start-ups and settlement systems for established banks.\n\nAt Northbeam he advises clients on when distributed ledgers genuinely help, and builds the integrations when they do: tokenised loyalty, programmable payouts and auditable supply-chain records.\n\nHe is equally happy explaining why a plain database is the right answer.',
    linkedin: 'https://www.linkedin.com/in/marcus-bell-northbeam',
    avatar: '/images/team/marcus-bell.svg',
    expertise: ['#Payments', '#Blockchain', '#Fintech', '#Compliance'],
  }),
  member({
    name: 'Sofia Lindqvist',
    role: 'Digital Publishing Expert',
    bio: 'Modernises publishing workflows, from editorial tooling to subscriptions and audience data.',
    fullBio:
      'Sofia has led digital products at national newspapers and specialist publishers, shipping paywalls, newsletters and editorial tools used by thousands of journalists.\n\nShe helps Northbeam clients turn content into a product: structured publishing, search, personalisation and the analytics that show what readers value.\n\nShe also edits the Northbeam blog.',
    linkedin: 'https://www.linkedin.com/in/sofia-lindqvist-northbeam',
    avatar: '/images/team/sofia-lindqvist.svg',
    expertise: ['#DigitalPublishing', '#Subscriptions', '#EditorialTools', '#AudienceData'],
  }),
  member({
    name: 'James Whitfield',
    role: 'Media Industry Expert',
    bio: 'Connects brands, broadcasters and studios with the production technology that is reshaping media.',
    fullBio:
      'James spent two decades in broadcast and advertising production before moving into virtual production and real-time CGI.\n\nHe works with Fooh Studios and Northbeam clients on campaigns that blend live action with CGI, and advises media companies on AI in production pipelines.\n\nHe is a BAFTA member and a visiting lecturer in media production.',
    linkedin: 'https://www.linkedin.com/in/james-whitfield-northbeam',
    avatar: '/images/team/james-whitfield.svg',
    expertise: ['#Media', '#VirtualProduction', '#CGI', '#Advertising'],
  }),
];

export function findTeamMember(idOrSlug: string | null | undefined): TeamMember | undefined {
  if (!idOrSlug) return undefined;
  return team.find((candidate) => candidate.id === idOrSlug || candidate.slug === idOrSlug);
}
