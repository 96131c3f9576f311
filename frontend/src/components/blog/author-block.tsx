import { UserRound } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import type { PostSummary, TeamMember } from '@northbeam/common';
import { TeamAvatar } from '@/components/marketing/team-avatar';

/** What the author block shows of the credited team member. */
export type AuthorBlockMember = Pick<TeamMember, 'slug' | 'name' | 'role' | 'bio' | 'avatar'>;

/** The credited member with only what the block shows (an article's hydration data carries no more). */
export function authorBlockMember(member: TeamMember | undefined): AuthorBlockMember | null {
  if (!member) return null;
  const { slug, name, role, bio, avatar } = member;
  return { slug, name, role, bio, avatar };
}

/**
 * Author from the team when the post credits a shown member (name, avatar, a link to their page),
 * else the post's authorName (docs/product.md#blog).
 */
export function AuthorBlock({ post, member }: { post: PostSummary; member?: AuthorBlockMember | null }) {
  const name = member?.name ?? post.authorName;
  if (!name) return null;
  const credentials = post.authorCredentials ?? member?.role;
  const bio = post.authorBio ?? member?.bio;
  return (
    <div className="flex items-start gap-4" data-testid="author-block">
      {member?.avatar ? (
        <TeamAvatar member={{ name: '', avatar: member.avatar }} size={56} className="author-avatar" />
      ) : (
        <span
          className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-mist text-ink-muted"
          aria-hidden="true"
        >
          <UserRound className="size-6" />
        </span>
      )}
      <div>
        <p className="font-semibold text-ink">
          {member ? (
            <Link to={`/team/${member.slug}`} className="hover:text-beam" data-testid="author-link">
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        {credentials ? <p className="text-sm text-ink-muted">{credentials}</p> : null}
        {bio ? <p className="mt-1 max-w-xl text-sm leading-relaxed text-ink-muted">{bio}</p> : null}
      </div>
    </div>
  );
}
