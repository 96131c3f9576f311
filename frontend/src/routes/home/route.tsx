import { PlaybookInlineOffer } from '@/components/lead-capture/playbook-inline-offer';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import {
  limits,
  site,
  type CaseStudyCardItem,
  type PostPage,
  type PostSection,
  type PublicSiteSettings,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { HydrationBoundary, lazyBlock } from '@/components/page/hydration-boundary';
import { Island, islandCode, type IslandCode } from '@/components/page/server-html';
import { useRouterLinks } from '@/components/page/router-links';
import { loadJson } from '@/lib/api';
import { postCardData, type PostCardData } from '@northbeam/common';
import { isServerContext } from '@/lib/server-context';
import { loadTeamStrip, type TeamStripMember } from '@/lib/team';
import { loadClientLogos } from '@/lib/site-settings';

interface HomeData {
  caseStudies: CaseStudyCardItem[];
  posts: { consulting: PostCardData[]; labs: PostCardData[] };
  team: TeamStripMember[];
  clientLogos: PublicSiteSettings['clientLogos'];
}

/** A list that may not exist yet (or fail) renders as empty rather than breaking the page. */
async function optionalList<T>(context: unknown, path: string): Promise<T[]> {
  try {
    const list = await loadJson<T[]>(context, path);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** The newest posts of a section: one small page, so the home page costs the same at any blog size. */
async function newestPosts(context: unknown, section: PostSection): Promise<PostCardData[]> {
  try {
    const page = await loadJson<PostPage>(
      context,
      `/api/posts?section=${section}&page=1&pageSize=${limits.homePostsPerSection}`,
    );
    const items = page?.items ?? [];
    return import.meta.env.SSR ? items.map(postCardData) : items;
  } catch {
    return [];
  }
}

const loadSections = () => import('./static-sections');
const sections = {
  hero: islandCode(() => loadSections().then((module) => module.Hero)),
  weGetIt: islandCode(() => loadSections().then((module) => module.WeGetIt)),
  clients: islandCode<{ logos: PublicSiteSettings['clientLogos'] }>(() =>
    loadSections().then((module) => module.Clients),
  ),
  howWeWork: islandCode(() => loadSections().then((module) => module.HowWeWork)),
  builders: islandCode(() => loadSections().then((module) => module.Builders)),
  pillars: islandCode(() => loadSections().then((module) => module.Pillars)),
  stats: islandCode(() => loadSections().then((module) => module.Stats)),
  callToAction: islandCode(() => loadSections().then((module) => module.CallToAction)),
};

export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  // After a client-side navigation the page renders in the browser: its blocks' code loads
  // alongside the data, so that the page shows whole (a first visit needs none of it up front).
  const code = isServerContext(context)
    ? []
    : [
        ...Object.values(sections).map((section) => section.load()),
        ...[TeamStripBlock, RecentWorkBlock, LatestInsightsBlock, ContactSectionBlock, PlaybookBlock].map((block) =>
          block.preload(),
        ),
      ];
  const [caseStudies, consulting, labs, team, clientLogos] = await Promise.all([
    optionalList<CaseStudyCardItem>(context, '/api/case-studies'),
    newestPosts(context, 'consulting'),
    newestPosts(context, 'labs'),
    loadTeamStrip(context),
    loadClientLogos(context),
  ]);
  await Promise.all(code);
  return { caseStudies: caseStudies.slice(0, limits.homeCaseStudies), posts: { consulting, labs }, team, clientLogos };
}

export const handle: RouteHandle = {
  head: () => ({
    title: `${site.name}: Less talk. More build.`,
    description:
      'Digital transformation for UK businesses: consulting, an R&D lab and immersive studios that build AI and XR products with you. NDAs on day one, a reply within 48 hours.',
    keywords: ['digital transformation', 'AI consulting', 'XR', 'innovation lab', 'SME', 'UK'],
    canonicalPath: '/',
    ogType: 'website',
  }),
};

// Below the first screen (and the playbook widget is for large screens only): their code loads
// when they come near the viewport.
const ContactSectionBlock = lazyBlock(() =>
  import('@/components/marketing/contact-section').then((module) => module.ContactSection),
);
// The strip depends on nothing but the team: its server HTML is made once per change of it.
const TeamStripBlock = lazyBlock(() => import('@/components/marketing/team-strip').then((module) => module.TeamStrip), {
  island: 'home-team-strip',
});
// The cards depend on nothing but the content: their server HTML is made once per change of it.
const RecentWorkBlock = lazyBlock(() => import('./data-sections').then((module) => module.RecentWork), {
  island: 'home-recent-work',
});
const LatestInsightsBlock = lazyBlock(() => import('./data-sections').then((module) => module.LatestInsights), {
  island: 'home-latest-insights',
});

/** A copy block: server HTML kept as it is in the browser, its links followed by the router. */
function Copy({ id, code }: { id: string; code: IslandCode }) {
  const followLinks = useRouterLinks();
  return (
    <Island
      id={id}
      hydrate={false}
      code={code}
      render={() => code.Component && <code.Component />}
      className="contents"
      onClick={followLinks}
    />
  );
}
/** The client logos: a copy block whose HTML follows the logos of the site settings. */
function ClientLogos({ clientLogos }: { clientLogos: PublicSiteSettings['clientLogos'] }) {
  const followLinks = useRouterLinks();
  const code = sections.clients;
  return (
    <Island
      id="home-clients"
      inputs={JSON.stringify(clientLogos)}
      hydrate={false}
      code={code}
      render={() => code.Component && <code.Component logos={clientLogos} />}
      className="contents"
      onClick={followLinks}
    />
  );
}
const PlaybookBlock = lazyBlock(() =>
  import('@/components/lead-capture/playbook-widget').then((module) => module.PlaybookWidget),
);

export function Component() {
  const { caseStudies, posts, team, clientLogos } = useLoaderData<HomeData>();
  return (
    <>
      <Copy id="home-hero" code={sections.hero} />

      <section className="section overflow-hidden" aria-labelledby="we-get-it">
        <Copy id="home-we-get-it" code={sections.weGetIt} />
        <HydrationBoundary>
          <div className="container-page mt-14">
            <TeamStripBlock members={team} />
          </div>
        </HydrationBoundary>
      </section>

      <ClientLogos clientLogos={clientLogos} />

      <Copy id="home-how-we-work" code={sections.howWeWork} />

      <HydrationBoundary>
        <RecentWorkBlock caseStudies={caseStudies} />
      </HydrationBoundary>

      <Copy id="home-builders" code={sections.builders} />

      <Copy id="home-pillars" code={sections.pillars} />

      <Copy id="home-stats" code={sections.stats} />

      <HydrationBoundary>
        <LatestInsightsBlock posts={posts} />
      </HydrationBoundary>

      <Copy id="home-cta" code={sections.callToAction} />

      <HydrationBoundary>
        <PlaybookInlineOffer />
        <ContactSectionBlock />
        <PlaybookBlock />
      </HydrationBoundary>
    </>
  );
}
