/**
 * Brand facts: the one place to re-brand the whole site. The company name, mailbox, phone and
 * social addresses are placeholders chosen for this build; change them here and nowhere else.
 */
export const site = {
  name: 'Northbeam',
  legalName: 'Northbeam Digital Ltd',
  companyNumber: '14829371',
  registeredIn: 'England and Wales',
  registeredAddress: '71-75 Shelton Street, Covent Garden, London WC2H 9JQ',
  tagline: 'Less talk. More build. Zero Deck Thirsty',
  description:
    'Northbeam is a UK digital transformation company: consulting, an R&D lab and immersive XR and CGI studios that help small and medium businesses adopt AI, XR and future technology.',
  email: 'hello@northbeam.example',
  privacyEmail: 'privacy@northbeam.example',
  phone: '+44 20 7946 0321',
  defaultPublicUrl: 'http://localhost:3000',
  social: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/northbeam-digital' },
    { name: 'X', href: 'https://x.com/northbeamdigital' },
    { name: 'Facebook', href: 'https://www.facebook.com/northbeamdigital' },
    { name: 'Pinterest', href: 'https://www.pinterest.com/northbeamdigital' },
    { name: 'YouTube', href: 'https://www.youtube.com/@northbeamdigital' },
    { name: 'Instagram', href: 'https://www.instagram.com/northbeamdigital' },
  ],
  studios: [
    {
      id: 'simulation_creation',
      name: 'Simulation Creation',
      href: 'https://www.simulationcreation.example',
      blurb: 'XR training, digital twins and immersive simulation builds for industry.',
    },
    {
      id: 'fooh_studios',
      name: 'Fooh Studios',
      href: 'https://www.foohstudios.example',
      blurb: 'Creative technology and CGI for advertising: fake out-of-home, product films, 3D.',
    },
  ],
  products: [
    {
      name: 'Beamlytics',
      description: 'Analytics for decision makers',
      href: 'https://beamlytics.example',
    },
    {
      name: 'Beam3D',
      description: 'Real-time 3D product configurator',
      href: 'https://beam3d.example',
    },
  ],
  simulationCreationBlogUrl: 'https://www.simulationcreation.example/blog',
  /** Key under which the browser stores the cookie consent record. */
  consentStorageKey: 'northbeam-cookie-consent',
  /** Key under which the browser stores the anonymous visitor id. */
  visitorIdStorageKey: 'northbeam-visitor-id',
} as const;

export type Site = typeof site;
