import { UserRound } from 'lucide-react';
import { findTeamMember, type PostSummary } from '@northbeam/common';

/** Author from the team list when authorId matches, else the post's authorName (docs/product.md#blog). */
export function AuthorBlock({ post }: { post: PostSummary }) {
  const member = findTeamMember(post.authorId);
  const name = member?.name ?? post.authorName;
  if (!name) return null;
  const credentials = post.authorCredentials ?? member?.role;
  const bio = post.authorBio ?? member?.bio;
  return (
    <div className="flex items-start gap-4" data-testid="author-block">
      {member?.avatar ? (
        <img
          src={member.avatar}
          alt=""
          width={56}
          height={56}
          className="size-14 shrink-0 rounded-full border border-line bg-mist object-cover"
        />
      ) : (
        <span
          className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-mist text-ink-muted"
          aria-hidden="true"
        >
          <UserRound className="size-6" />
        </span>
      )}
      <div>
        <p className="font-semibold text-ink">{name}</p>
        {credentials ? <p className="text-sm text-ink-muted">{credentials}</p> : null}
        {bio ? <p className="mt-1 max-w-xl text-sm leading-relaxed text-ink-muted">{bio}</p> : null}
      </div>
    </div>
  );
}
