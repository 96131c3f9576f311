import { ArrowLeft } from '@/components/ui/icons';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, useRouteError, type LoaderFunctionArgs } from '@/app/data-router';
import { sectionColours, site, type PostSection } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { PostList, PostsLoadError } from '@/components/blog/post-list';
import { NewsletterBox } from '@/components/lead-capture/newsletter-box';
import type { PostCardPage } from '@northbeam/common';
import { listPagePath, loadPostPage, readListQuery, type ListQuery } from '@/components/blog/post-queries';

interface SectionData {
  section: PostSection;
  query: ListQuery;
  page: PostCardPage;
}

function sectionFromPath(pathname: string): PostSection {
  return pathname.toLowerCase().startsWith('/blog/labs') ? 'labs' : 'consulting';
}

const copy: Record<PostSection, { title: string; intro: string; description: string }> = {
  labs: {
    title: 'Labs Content',
    intro:
      'Prototypes, experiments and the IP we build: what worked, what did not, and the code and numbers behind it.',
    description: `Labs Content from ${site.name} Labs: R&D notes on AI, XR and simulation prototypes, IP builds and licensing.`,
  },
  consulting: {
    title: 'Consulting Insights',
    intro:
      'Strategy, governance and change enablement from consultants who ship: roadmaps that teams can actually deliver.',
    description: `Consulting Insights from ${site.name}: digital strategy, AI governance, prototyping and change for UK businesses.`,
  },
};

export async function loader({ request, context }: LoaderFunctionArgs): Promise<SectionData> {
  const section = sectionFromPath(new URL(request.url).pathname);
  const query = readListQuery(request, section);
  return { section, query, page: await loadPostPage(context, query) };
}

export const handle: RouteHandle<SectionData | undefined> = {
  head: ({ data, pathname }) => {
    const section = sectionFromPath(pathname);
    return {
      title: copy[section].title,
      description: copy[section].description,
      keywords: [copy[section].title, `${site.name} ${section}`, 'digital transformation', 'AI', 'XR'],
      canonicalPath: listPagePath(`/blog/${section}`, data?.query),
    };
  },
};

function SectionHero({ section }: { section: PostSection }) {
  return (
    <section
      style={{ backgroundColor: sectionColours[section] }}
      className="relative overflow-hidden"
      data-testid="section-hero"
    >
      <div className="container-page relative py-16 sm:py-20">
        <Link to="/blog" className="inline-flex items-center gap-2 text-sm font-medium text-ink/80 hover:text-ink">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Blog
        </Link>
        <h1 className="heading-1 mt-6">{copy[section].title}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink/80">{copy[section].intro}</p>
      </div>
    </section>
  );
}

export function Component() {
  const { section, page } = useLoaderData<SectionData>();
  return (
    <>
      <SectionHero section={section} />
      <section className="container-page py-12 sm:py-16">
        <PostList page={page} search="" clearSearchHref={`/blog/${section}`} headingLevel={2} />
      </section>
      <section className="container-page pb-20">
        <NewsletterBox source={section === 'labs' ? 'labs_blog' : 'consulting_blog'} />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const section = sectionFromPath(pathname);
  return (
    <>
      <SectionHero section={section} />
      <section className="container-page py-12 sm:py-16">
        <PostsLoadError error={error} />
      </section>
    </>
  );
}
