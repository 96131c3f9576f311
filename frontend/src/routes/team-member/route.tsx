import { ArrowLeft, ArrowRight, UserRoundX } from '@/components/ui/icons';
import { data, isRouteErrorResponse } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, useRouteError, type LoaderFunctionArgs } from '@/app/data-router';
import { formatDate, sectionLabels, site, type TeamMember, type TeamProfile } from '@northbeam/common';
import { loadJson, pageStatusOf } from '@/lib/api';
import { SocialIcon } from '@/components/layout/social-icon';
import type { RouteHandle } from '@/app/route-handle';
import { absoluteUrl, breadcrumbJsonLd, organizationRef } from '@/app/structured-data';
import { TeamAvatar } from '@/components/marketing/team-avatar';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { cardSurface } from '@/components/ui/card';

/** The member and their newest published articles; a slug no shown member has answers 404 (a former one was redirected before). */
export async function loader({ params, context }: LoaderFunctionArgs): Promise<TeamProfile> {
  const slug = (params.slug ?? '').toLowerCase();
  let profile: TeamProfile | null;
  try {
    profile = await loadJson<TeamProfile>(context, `/api/team/${encodeURIComponent(slug)}`);
  } catch (error) {
    // React Router's way to answer a status from a loader: the server then sends it as the HTTP status.
    throw data(null, { status: pageStatusOf(error) });
  }
  if (!profile) throw data(null, { status: 502 });
  return profile;
}

/** The member's profile page: a ProfilePage about the Person, every address absolute. */
function profileJsonLd(member: TeamMember, publicUrl: string) {
  const url = absoluteUrl(publicUrl, `/team/${member.slug}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url,
    mainEntity: {
      '@type': 'Person',
      name: member.name,
      jobTitle: member.role,
      description: member.bio,
      url,
      // The drawn card stands in for a member without a portrait.
      image: absoluteUrl(publicUrl, member.avatar ?? `/api/og-image/${member.slug}`),
      sameAs: member.linkedin ? [member.linkedin] : [],
      knowsAbout: member.expertise.map((tag) => tag.replace(/^#/, '')),
      worksFor: organizationRef(publicUrl),
    },
  };
}

function teamBreadcrumb(member: TeamMember, publicUrl: string) {
  return breadcrumbJsonLd(publicUrl, [
    { name: 'About', path: '/about' },
    { name: member.name, path: `/team/${member.slug}` },
  ]);
}

export const handle: RouteHandle<TeamProfile | undefined> = {
  head: ({ data: profile, params, publicUrl }) => {
    const member = profile?.member;
    if (!member) {
      return {
        title: 'Team Member Not Found',
        description: "The team member you're looking for doesn't exist.",
        canonicalPath: `/team/${(params.slug ?? '').toLowerCase()}`,
        noindex: true,
      };
    }
    return {
      title: `${member.name}, ${member.role}`,
      description: `${member.name} is ${member.role} at ${site.name}. ${member.bio}`,
      keywords: [member.name, member.role, ...member.expertise.map((tag) => tag.replace(/^#/, ''))],
      canonicalPath: `/team/${member.slug}`,
      ogType: 'profile',
      image: `/api/og-image/${member.slug}`,
      imageAlt: member.name,
      meta: [
        { property: 'profile:first_name', content: member.name.split(' ')[0] },
        { property: 'profile:last_name', content: member.name.split(' ').slice(1).join(' ') },
      ],
      jsonLd: import.meta.env.SSR ? [profileJsonLd(member, publicUrl), teamBreadcrumb(member, publicUrl)] : undefined,
    };
  },
};

/** The link back to /about. `className` (text size and colours) replaces the default, it is not merged with it. */
function BackToAbout({ className = 'text-sm text-ink-muted hover:text-ink' }: { className?: string }) {
  return (
    <Link to="/about" className={cn('inline-flex items-center gap-2 font-semibold', className)}>
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to About
    </Link>
  );
}

export function Component() {
  const { member, articles } = useLoaderData<TeamProfile>();
  const paragraphs = member.fullBio
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const firstName = member.name.split(' ')[0];
  return (
    <article>
      <header className="relative isolate overflow-hidden bg-ink text-white">
        <div aria-hidden="true" className="glow -top-32 right-0 -z-10 size-[30rem] text-consulting opacity-30" />
        <div className="container-page py-14 sm:py-20">
          <BackToAbout className="text-sm text-white/70 hover:text-white" />
          <div className="mt-10 flex flex-col gap-8 sm:flex-row sm:items-center">
            <TeamAvatar member={member} size={160} eager className="size-32 ring-4 ring-white/10 sm:size-40" />
            <div>
              <h1 className="font-display text-4xl font-semibold tracking-tight sm:text-6xl">{member.name}</h1>
              <p className="mt-3 text-lg text-consulting sm:text-xl">{member.role}</p>
              {member.linkedin && (
                <a
                  href={member.linkedin}
                  target="_blank"
                  rel="noreferrer"
                  className="mt-5 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm font-medium hover:bg-white/20"
                >
                  <SocialIcon name="LinkedIn" /> LinkedIn profile
                </a>
              )}
            </div>
          </div>
        </div>
      </header>

      <div className="container-page grid gap-12 py-16 sm:py-20 lg:grid-cols-[1.6fr_1fr]">
        <div>
          <h2 className="eyebrow">Expertise</h2>
          <ul className="mt-4 flex flex-wrap gap-2" data-testid="expertise">
            {member.expertise.map((tag) => (
              <li key={tag} className="rounded-full bg-consulting/50 px-3.5 py-1.5 text-sm font-semibold">
                {tag}
              </li>
            ))}
          </ul>
          <h2 className="heading-2 mt-12">Biography</h2>
          <div className="mt-6 grid gap-5 text-lg leading-relaxed text-ink-muted" data-testid="biography">
            {paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          {articles.length > 0 && (
            <>
              <h2 className="heading-2 mt-12">Articles by {firstName}</h2>
              <ul className="mt-6 grid gap-4" data-testid="member-articles">
                {articles.map((article) => (
                  <li key={article.id} className={cardSurface({ className: 'p-5' })}>
                    <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
                      {sectionLabels[article.section]}
                      {article.publishedAt ? ` · ${formatDate(article.publishedAt, 'MMMM dd, yyyy')}` : ''}
                      {` · ${article.readingTime} min read`}
                    </p>
                    <h3 className="heading-3 mt-2">
                      <Link to={`/blog/${article.section}/${article.slug}`} className="hover:text-beam">
                        {article.title}
                      </Link>
                    </h3>
                    <p className="mt-2 text-sm leading-relaxed text-ink-muted">{article.excerpt}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <aside className="self-start rounded-card bg-ink p-8 text-white lg:sticky lg:top-28" data-testid="work-with">
          <h2 className="font-display text-2xl font-semibold">Work with {firstName}</h2>
          <p className="mt-3 text-white/75">
            Want {firstName}&rsquo;s help on your next project? Tell us what you are working on and we will reply within
            48 hours.
          </p>
          <Link to="/contact" className={cn(buttonVariants({ variant: 'inverse', size: 'lg' }), 'mt-6 hover:bg-labs')}>
            Get in Touch <ArrowRight aria-hidden="true" />
          </Link>
        </aside>
      </div>
      <div className="container-page pb-20">
        <BackToAbout />
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section
      className="container-page flex min-h-[60vh] flex-col items-start justify-center gap-5 py-24"
      data-testid="team-member-error"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-ink text-consulting">
        <UserRoundX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="heading-1">{notFound ? 'Team Member Not Found' : 'Something went wrong'}</h1>
      <p className="lead">
        {notFound ? "The team member you're looking for doesn't exist." : 'Please try again later.'}
      </p>
      <BackToAbout className="text-base text-beam hover:text-ink" />
    </section>
  );
}
