import { outcomesSplitMarker, type CaseStudyFields } from '@northbeam/common';

type CaseStudySeed = CaseStudyFields;

const images = (slug: string) => ({
  hero: `/images/case-studies/${slug}/hero.svg`,
  first: `/images/case-studies/${slug}/gallery-1.svg`,
  second: `/images/case-studies/${slug}/gallery-2.svg`,
});

/**
 * The six built-in case studies. Migration 1764750000000 inserts them once, published (a slug that
 * already exists is left alone); from then on the database is their only source and staff change
 * them in the admin, so editing this list changes only databases created afterwards.
 */
export const caseStudySeed: CaseStudySeed[] = [
  {
    slug: 'relative-probability',
    title: 'Relative Probability: an explainable risk engine for specialist insurers',
    summary:
      'We turned fifteen years of claims history into a risk model that underwriters trust, with a dashboard that shows why every score is what it is.',
    hero_image: images('relative-probability').hero,
    client: 'Relative Probability',
    sector: 'Insurance',
    services: ['AI Strategy', 'Prototyping & Proof of Concept', 'Governance & Compliance', 'Data Engineering'],
    tech: ['Python', 'LightGBM', 'SHAP', 'PostgreSQL', 'React', 'Azure'],
    date: '2025-08-14',
    problem_md:
      'Relative Probability underwrites specialist commercial property. Its underwriters priced risk from **spreadsheets, experience and instinct**, and two of its most senior people were due to retire within eighteen months.\n\nThe business had fifteen years of claims data but no way to use it at the point of quote. Earlier attempts at a model had stalled because nobody could explain its answers to the underwriting committee or the regulator.',
    approach_md:
      'We started with a two-week discovery sprint alongside the underwriting team, mapping the twenty-three questions they actually ask before they quote.\n\n- Cleaned and joined claims, policy and inspection data into one governed dataset\n- Built three candidate models and tested each against two years of held-out quotes\n- Agreed an explainability standard with compliance **before** writing production code\n- Ran weekly show-and-tell sessions so underwriters shaped every screen',
    solution_md:
      'The result is a gradient-boosted risk engine that scores every submission in under a second, with the contributing factors and their weights shown next to the score.\n\nUnderwriters can switch between baseline, optimistic and conservative scenarios to see how assumptions move the probability, and every decision is logged with the model version for audit.',
    outcomes_md:
      'Within the first quarter the engine was used on every new submission.\n\n- Quote turnaround fell from three days to same-day for 80% of cases\n- Loss ratio on new business improved by 6 points in the first year\n- The regulator reviewed the model documentation without a single finding\n\nThe retiring underwriters now spend their last months reviewing edge cases the model flags, so their judgement is captured rather than lost.',
    metrics: [
      { value: '94.2%', label: 'Model confidence', context: 'on 10,000+ validated cases' },
      { value: 'Same day', label: 'Quote turnaround', context: 'down from three days' },
      { value: '−6 pts', label: 'Loss ratio', context: 'first twelve months' },
    ],
    gallery: [
      {
        src: images('relative-probability').first,
        alt: 'Risk dashboard with scenario selector and contributing factors',
        caption: 'The underwriter dashboard',
      },
      {
        src: images('relative-probability').second,
        alt: 'Model governance timeline from data to deployment',
        caption: 'Governance built in from the first sprint',
      },
    ],
    cta: { label: 'Talk to us about explainable AI', href: '/contact' },
    seo: {
      title: 'Relative Probability case study: explainable AI risk engine',
      description:
        'How Northbeam built an explainable risk engine for a specialist insurer: same-day quotes and a six-point better loss ratio.',
      image: images('relative-probability').hero,
    },
    link: null,
  },
  {
    slug: 'panaquest',
    title: 'PanaQuest: an AI readiness assessment that sells itself',
    summary:
      'A ten-minute interactive assessment that tells SME leaders how ready they are for AI, and emails a personalised report with their archetype and next steps.',
    hero_image: images('panaquest').hero,
    client: 'PanaQuest',
    sector: 'Professional Services',
    services: ['Prototyping & Proof of Concept', 'AI Strategy', 'Product Design'],
    tech: ['TypeScript', 'Next.js', 'OpenAI API', 'PostgreSQL', 'Postmark'],
    date: '2025-06-02',
    problem_md:
      'PanaQuest advises owner-managed businesses on growth. Its partners kept meeting leaders who wanted to "do something with AI" but had no idea where to start, and the first meeting was spent on basics.\n\nThey needed a way to qualify and educate prospects **before** the first call, without another PDF nobody reads.',
    approach_md:
      'We ran a one-week design sprint with three PanaQuest partners and five of their clients.\n\n1. Defined six readiness archetypes from forty past client conversations\n2. Wrote and tested twenty questions that separate the archetypes reliably\n3. Prototyped the assessment in clickable form and tested it with real leaders\n4. Agreed the tone of the report: direct, specific and free of jargon',
    solution_md:
      "The assessment takes about ten minutes. Each answer updates a live readiness profile, and the final screen names the leader's archetype with three strategic priorities.\n\nA structured prompt turns the answers into a personalised report, checked against rules so that it never recommends anything PanaQuest does not offer.",
    outcomes_md:
      'PanaQuest launched the assessment at a regional business conference and on its website.\n\n- 1,400 completed assessments in the first ten weeks\n- 31% of completers booked a follow-up call\n' +
      `\n${outcomesSplitMarker}\n\n` +
      'Partners now start first meetings from the report rather than from scratch, and the archetype data shapes which workshops PanaQuest runs each quarter.',
    metrics: [
      { value: '1,400', label: 'Assessments completed', context: 'first ten weeks' },
      { value: '31%', label: 'Booked a follow-up call' },
      { value: '10 min', label: 'Average completion time' },
    ],
    gallery: [
      {
        src: images('panaquest').first,
        alt: 'Assessment question screen with progress indicator',
        caption: 'Twenty questions, one clear profile',
      },
      {
        src: images('panaquest').second,
        alt: 'Emailed outcome report with readiness archetype and priorities',
        caption: 'The emailed outcome report: a personalised readiness archetype and three strategic priorities',
      },
    ],
    cta: { label: 'Build an assessment for your clients', href: '/contact' },
    seo: {
      title: 'PanaQuest case study: AI readiness assessment',
      description:
        'An interactive AI readiness assessment that emails a personalised archetype report: 1,400 completions and 31% booking a call.',
      image: images('panaquest').hero,
    },
    link: 'https://panaquest.example',
  },
  {
    slug: 'harbourline-xr-release-training',
    title: 'Harbourline: XR training for prisoner release procedures',
    summary:
      'A virtual-reality training programme that lets custodial officers rehearse the release process, cutting procedural errors in the first six months.',
    hero_image: images('harbourline-xr-release-training').hero,
    client: 'Harbourline Justice Services',
    sector: 'Public Sector',
    services: ['Immersive Training', 'Change Enablement', 'Future Simulations'],
    tech: ['Unity', 'Meta Quest 3', 'C#', 'xAPI', 'Azure'],
    date: '2025-03-20',
    problem_md:
      'Releasing a prisoner involves more than forty checks. Mistakes are rare but serious, and new officers learned the process by shadowing colleagues on live shifts.\n\nHarbourline needed a safe place to practise the rare, high-stakes variations that shadowing never covers.',
    approach_md:
      'We spent three days on site with release teams, recording every step, document and conversation. Together with the training lead we chose twelve scenarios, from routine releases to mistaken identity and missing paperwork.\n\nEach scenario was storyboarded and tested on paper before any 3D work began.',
    solution_md:
      'Officers put on a headset and step into a faithful reconstruction of the release suite. Non-player characters respond to what the officer says and does, and the programme scores each step against the written procedure.\n\nResults flow into the learning record so supervisors can see who needs more practice.',
    outcomes_md:
      '- 38% fewer procedural errors in the first six months\n- Training time for new officers cut from four weeks to ten days\n- Rolled out to three more sites in the following year',
    metrics: [
      { value: '−38%', label: 'Procedural errors', context: 'first six months' },
      { value: '10 days', label: 'Time to competence', context: 'down from four weeks' },
      { value: '12', label: 'Scenarios built' },
    ],
    gallery: [
      {
        src: images('harbourline-xr-release-training').first,
        alt: 'Virtual release suite seen through the headset',
        caption: 'The virtual release suite',
      },
      {
        src: images('harbourline-xr-release-training').second,
        alt: 'Supervisor view of scenario scores',
        caption: 'Scores flow into the learning record',
      },
    ],
    cta: { label: 'Plan your immersive training', href: '/contact' },
    seo: {
      title: 'Harbourline case study: XR release training',
      description:
        'VR training for custodial release procedures: 38% fewer errors and time to competence cut to ten days.',
      image: images('harbourline-xr-release-training').hero,
    },
    link: null,
  },
  {
    slug: 'lumen-outdoor-compliance-engine',
    title: 'Lumen Outdoor: an AI compliance engine for digital out-of-home',
    summary:
      'An AI engine that checks every digital billboard creative against advertising codes and site rules before it goes live, in seconds instead of days.',
    hero_image: images('lumen-outdoor-compliance-engine').hero,
    client: 'Lumen Outdoor Media',
    sector: 'Advertising',
    services: ['IP Builds & Licensing', 'AI Strategy', 'Prototyping & Proof of Concept'],
    tech: ['Python', 'Vision models', 'FastAPI', 'Kubernetes', 'PostgreSQL'],
    date: '2024-11-12',
    problem_md:
      "Lumen runs 2,300 digital screens across the UK. Every creative had to be checked by hand against the advertising codes, local authority conditions and each landlord's restrictions.\n\nThe backlog meant campaigns launched late, and occasional mistakes reached the street.",
    approach_md:
      "Through our Labs pipeline we consulted with Lumen's compliance team, discovered the 180 rules they applied in practice, and prototyped a checker for the ten most common failures in three weeks.",
    solution_md:
      'The engine reads each creative, extracts text, products and imagery, and checks them against the rules for every screen it is booked on. Clear passes go straight to schedule; anything doubtful goes to a reviewer with the reason highlighted.\n\nThe engine is licensed back to Lumen under a leaseback model, and Northbeam now licenses it to two other operators.',
    outcomes_md:
      '- 92% of creatives approved automatically\n- Average approval time down from 2 days to 40 seconds\n- Zero compliance breaches reported since launch',
    metrics: [
      { value: '92%', label: 'Auto-approved creatives' },
      { value: '40 s', label: 'Average approval time', context: 'down from two days' },
      { value: '2,300', label: 'Screens covered' },
    ],
    gallery: [
      {
        src: images('lumen-outdoor-compliance-engine').first,
        alt: 'Creative under review with highlighted rule matches',
        caption: 'Every flag comes with its reason',
      },
      {
        src: images('lumen-outdoor-compliance-engine').second,
        alt: 'Map of screens grouped by rule set',
        caption: 'Rules per screen, per landlord, per authority',
      },
    ],
    cta: { label: 'Explore IP builds with Labs', href: '/labs' },
    seo: {
      title: 'Lumen Outdoor case study: AI compliance for DOOH',
      description: 'An AI compliance engine for digital out-of-home: 92% of creatives auto-approved in 40 seconds.',
      image: images('lumen-outdoor-compliance-engine').hero,
    },
    link: null,
  },
  {
    slug: 'meridian-pharma-governance',
    title: 'Meridian Pharma: AI governance that unblocked forty use cases',
    summary:
      'A practical AI governance framework and approval process that let a mid-size pharmaceutical company move forty stalled AI ideas forward safely.',
    hero_image: images('meridian-pharma-governance').hero,
    client: 'Meridian Pharma',
    sector: 'Pharma',
    services: ['Governance & Compliance', 'Strategy & Roadmapping', 'Change Enablement'],
    tech: ['Microsoft Purview', 'Azure OpenAI', 'Power Automate', 'Confluence'],
    date: '2024-07-08',
    problem_md:
      "Meridian's teams had proposed forty AI use cases, from literature search to batch-record review. None had shipped: legal, quality and IT each had a veto and no shared way to say yes.",
    approach_md:
      'We interviewed thirty people across eight functions and sorted the use cases by risk and value. With quality and legal we drafted a three-tier risk model aligned with GxP expectations and the EU AI Act.',
    solution_md:
      'A one-page intake form, a risk tier decided in a 30-minute triage, and a clear list of controls for each tier. Low-risk uses are approved within a week; high-risk uses get a validation plan.\n\nWe trained twelve AI champions to run triage without us.',
    outcomes_md:
      '- 26 use cases approved in the first quarter\n- Approval time down from "never" to a median of 9 days\n- Passed an internal quality audit with no findings',
    metrics: [
      { value: '26', label: 'Use cases approved', context: 'first quarter' },
      { value: '9 days', label: 'Median approval time' },
      { value: '12', label: 'AI champions trained' },
    ],
    gallery: [
      {
        src: images('meridian-pharma-governance').first,
        alt: 'Three-tier risk model diagram',
        caption: 'Three risk tiers, one intake form',
      },
      {
        src: images('meridian-pharma-governance').second,
        alt: 'Use-case pipeline board',
        caption: 'From forty ideas to a working pipeline',
      },
    ],
    cta: { label: 'Book a governance review', href: '/contact' },
    seo: {
      title: 'Meridian Pharma case study: AI governance',
      description: 'A practical AI governance framework for pharma: 26 use cases approved in a quarter.',
      image: images('meridian-pharma-governance').hero,
    },
    link: null,
  },
  {
    slug: 'northgate-fire-training-twin',
    title: 'Northgate Fire: a procedural training twin for emergency crews',
    summary:
      'A real-time digital twin of a high-rise incident that lets fire crews rehearse evacuation and command procedures together, on site or remotely.',
    hero_image: images('northgate-fire-training-twin').hero,
    client: 'Northgate Fire & Rescue',
    sector: 'Fire Safety',
    services: ['Future Simulations', 'Immersive Training', 'Prototyping & Proof of Concept'],
    tech: ['Unreal Engine 5', 'Pixel Streaming', 'Pico 4', 'AWS'],
    date: '2024-02-26',
    problem_md:
      'Large-scale exercises in real tower blocks are expensive, disruptive and rare. Incident commanders might practise a full high-rise evacuation once a year.',
    approach_md:
      'Working with two watch managers and a fire engineer, we modelled a 22-storey residential block and the procedures for stay-put and simultaneous evacuation. Scenarios were validated in a tabletop exercise before we built them.',
    solution_md:
      "Crews join the same simulation from headsets or laptops. Smoke spreads according to the building's ventilation, residents behave realistically, and the incident commander sees a live board of crews and floors.\n\nEvery exercise is recorded for debriefing.",
    outcomes_md:
      '- Commanders now rehearse high-rise incidents monthly instead of yearly\n- Exercise cost down by 85% compared with live exercises\n- Adopted by two neighbouring services',
    metrics: [
      { value: '12×', label: 'More frequent rehearsal' },
      { value: '−85%', label: 'Cost per exercise' },
      { value: '22', label: 'Storeys modelled' },
    ],
    gallery: [
      {
        src: images('northgate-fire-training-twin').first,
        alt: 'High-rise digital twin with smoke simulation',
        caption: "Smoke follows the building's real ventilation",
      },
      {
        src: images('northgate-fire-training-twin').second,
        alt: 'Incident command board',
        caption: "The incident commander's live board",
      },
    ],
    cta: { label: 'Talk to our simulation team', href: '/immersive' },
    seo: {
      title: 'Northgate Fire case study: procedural training twin',
      description: 'A real-time digital twin for high-rise incident training: monthly rehearsal at 85% lower cost.',
      image: images('northgate-fire-training-twin').hero,
    },
    link: null,
  },
];
