import { isMediaPath } from './media.js';
import { slugify } from './slugify.js';

/**
 * A team member as the public pages read it (`GET /api/team`, docs/product.md#team): the people on
 * /about, in the "Talk to the Team" strips, at /team/{slug} and credited as authors of posts. They
 * are records that staff edit on /admin/team; the seven below are only the first migration's seed.
 */
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
  /** Shown in the "Talk to the Team" strips. */
  inStrip: boolean;
}

type TeamMemberInput = Omit<TeamMember, 'id' | 'slug' | 'stripRole' | 'inStrip'> & { stripRole?: string };

function member(input: TeamMemberInput): TeamMember {
  const slug = slugify(input.name);
  return { ...input, id: slug, slug, stripRole: input.stripRole ?? input.role, inStrip: true };
}

/**
 * The seven team members the site starts with (placeholder names): the migration TeamMembers seeds
 * them once, in this order, with their slugs as ids (the built-in posts name them so). From then on
 * the team lives in the database and is edited on /admin/team; changing this list changes nothing.
 */
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

/** A team member as /admin/team edits it: the public fields, its place in the order and whether it is shown at all. */
export interface AdminTeamMember extends TeamMember {
  /** 0-based place on /about, in the strips and in the editor's author list. */
  position: number;
  /** A hidden member has no page and is on no list; posts keep their author text. */
  hidden: boolean;
  /** The staff accounts linked to this member (they write as them, and may edit this profile). */
  staff: { id: string; name: string }[];
  updatedAt: string;
  /** What the staff member who asked may do to this member now (`teamMemberActions`). */
  actions: TeamMemberAction[];
}

export const teamMemberActionNames = ['edit', 'show_or_hide', 'reorder', 'remove'] as const;
export type TeamMemberAction = (typeof teamMemberActionNames)[number];

/** Body of `POST /api/admin/team` and `PUT /api/admin/team/:id`. */
export interface TeamMemberFields {
  name: string;
  slug: string;
  role: string;
  stripRole: string;
  bio: string;
  fullBio: string;
  linkedin: string;
  avatar: string | null;
  expertise: string[];
  inStrip: boolean;
  hidden: boolean;
}

/** `GET /api/team/:slug`: the member and their newest published articles. */
export interface TeamProfile {
  member: TeamMember;
  articles: {
    id: string;
    section: 'labs' | 'consulting';
    slug: string;
    title: string;
    excerpt: string;
    publishedAt: string | null;
    readingTime: number;
  }[];
}

export const teamLimits = {
  nameMax: 100,
  slugMax: 100,
  roleMax: 100,
  bioMax: 500,
  fullBioMax: 6000,
  linkedinMax: 300,
  avatarMax: 500,
  expertiseMax: 12,
  expertiseTagMax: 40,
  /** Articles listed on a member's page, newest first. */
  profileArticles: 12,
  listPageSize: 20,
} as const;

/** User-facing sentences of the team (exact). */
export const teamMessages = {
  notFound: 'Team member not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be ${teamLimits.nameMax} characters or less`,
  slugRequired: 'Slug is required',
  slugTooLong: `Slug must be ${teamLimits.slugMax} characters or less`,
  slugTaken: 'Another team member already has this slug',
  roleRequired: 'Role is required',
  roleTooLong: `Role must be ${teamLimits.roleMax} characters or less`,
  stripRoleTooLong: `Strip role must be ${teamLimits.roleMax} characters or less`,
  bioRequired: 'Short bio is required',
  bioTooLong: `Short bio must be ${teamLimits.bioMax} characters or less`,
  fullBioTooLong: `Full bio must be ${teamLimits.fullBioMax} characters or less`,
  linkedinInvalid: 'LinkedIn must be an https:// address',
  avatarInvalid: 'Choose an image from the media library',
  avatarNotInLibrary: 'That image is no longer in the media library',
  expertiseInvalid: `Up to ${teamLimits.expertiseMax} tags of at most ${teamLimits.expertiseTagMax} characters each`,
  flagInvalid: 'Must be true or false',
  orderInvalid: 'The order must list every team member once',
  ownMemberOnly: 'You may only edit your own team profile',
  moved: 'Order saved.',
} as const;

/** An expertise tag as shown: `#` and no spaces (`AI Governance` becomes `#AIGovernance`). */
export function expertiseTag(value: string): string {
  const bare = value.trim().replace(/^#+/, '').replace(/\s+/g, '');
  return bare ? `#${bare}` : '';
}

/** A built-in avatar (`/images/team/{slug}.svg`) or a library image (`/media/{id}/{width}.{format}`). */
export function isTeamAvatarAddress(value: string): boolean {
  return /^\/images\/team\/[a-z0-9-]+\.svg$/.test(value) || isMediaPath(value);
}
