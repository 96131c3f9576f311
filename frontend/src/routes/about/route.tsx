import { ArrowRight } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { site, type TeamMember } from '@northbeam/common';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import { loadTeam, stripMembers } from '@/lib/team';
import { SocialIcon } from '@/components/layout/social-icon';
import type { RouteHandle } from '@/app/route-handle';
import { CtaBand } from '@/components/marketing/cta-band';
import { PageHero, SectionHeading } from '@/components/marketing/page-hero';
import { TeamAvatar } from '@/components/marketing/team-avatar';
import { TeamStrip } from '@/components/marketing/team-strip';
import { PlaybookInlineOffer } from '@/components/lead-capture/playbook-inline-offer';
import { PlaybookWidget } from '@/components/lead-capture/playbook-widget';
import { cardSurface } from '@/components/ui/card';

export const handle: RouteHandle = {
  head: () => ({
    title: 'About',
    description: `Meet ${site.name}: a UK digital transformation company of consultants, engineers and creatives who build AI, XR and simulation products with SMEs.`,
    keywords: ['about', 'team', 'digital transformation', 'consultants', 'leadership'],
    canonicalPath: '/about',
  }),
};

const values = [
  { title: 'Build first', text: 'A working prototype answers more questions than a month of meetings.' },
  { title: 'Stay honest', text: 'If a plain spreadsheet is the right answer, we will say so.' },
  { title: 'Leave you stronger', text: 'Every engagement ends with your team able to run what we built.' },
];

/** The shown team, in order: the strip and the grid. */
export async function loader({ context }: LoaderFunctionArgs): Promise<{ team: TeamMember[] }> {
  return { team: await loadTeam(context) };
}

export function Component() {
  const { team } = useLoaderData<{ team: TeamMember[] }>();
  return (
    <>
      <PageHero
        eyebrow={`About ${site.name}`}
        title="Builders, not talkers."
        lead={`${site.name} was founded by people tired of transformation programmes that produced decks instead of products. We bring consultants, engineers and creative technologists together to build with you.`}
        aside={
          <div className="rounded-card bg-white/5 p-6 ring-1 ring-white/10">
            {<TeamStrip members={stripMembers(team)} tone="dark" />}
          </div>
        }
      />

      <section className="section" aria-labelledby="story">
        <div className="container-page grid gap-12 lg:grid-cols-[1fr_1.2fr]">
          <SectionHeading id="story" eyebrow="Who we are" title="Our Story & Vision" />
          <div className="grid gap-5 text-lg leading-relaxed text-ink-muted">
            <p>
              We started {site.name} after watching too many good ideas die between the strategy deck and the first line
              of code. Small and medium businesses were told they needed AI, XR and digital twins, but were offered
              reports, not results.
            </p>
            <p>
              So we built a different kind of company: a consulting practice that prototypes, a lab that turns ideas
              into assets you can own, and two immersive studios that make training and marketing people actually
              remember.
            </p>
            <p>
              Our vision is simple. Every UK business, whatever its size, should be able to adopt future technology
              safely, quickly and on its own terms. {site.tagline}.
            </p>
            <ul className="mt-4 grid gap-4 sm:grid-cols-3">
              {values.map((value) => (
                <li key={value.title} className={cardSurface({ className: 'p-5' })}>
                  <p className="font-display font-semibold text-ink">{value.title}</p>
                  <p className="mt-2 text-sm">{value.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="section bg-white" aria-labelledby="leadership">
        <div className="container-page">
          <SectionHeading
            id="leadership"
            eyebrow="The team"
            title="Consultants & Leadership"
            intro="Senior practitioners across technology, strategy, health, payments, publishing and media."
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="team-grid">
            {team.map((member) => (
              <li
                key={member.slug}
                className={cardSurface({ tone: 'paper', elevation: 'none', className: 'flex flex-col p-6' })}
                data-testid="team-card-grid"
              >
                <TeamAvatar member={member} size={88} className="size-22" />
                <h3 className="heading-3 mt-5">{member.name}</h3>
                <p className="text-sm font-medium text-consulting-deep">{member.role}</p>
                <p className="mt-3 flex-1 text-sm leading-relaxed text-ink-muted">{member.bio}</p>
                <div className="mt-6 flex items-center justify-between gap-3">
                  <Link
                    to={`/team/${member.slug}`}
                    className="inline-flex items-center gap-1.5 text-sm font-semibold text-beam hover:underline"
                    aria-label={`View Bio: ${member.name}`}
                  >
                    View Bio <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                  {member.linkedin && (
                    <a
                      href={member.linkedin}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`${member.name} on LinkedIn`}
                      className="inline-flex size-9 items-center justify-center rounded-full border border-line text-ink-muted hover:border-ink hover:text-ink"
                    >
                      <SocialIcon name="LinkedIn" />
                    </a>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBand
        title="Work with people who build."
        text="Tell us what you are trying to change. We reply within 48 hours."
        label="Get in touch"
      />
      <PlaybookInlineOffer />
      <PlaybookWidget />
    </>
  );
}
