import type { TeamMember } from '@northbeam/common';
import { cn } from '@/lib/cn';
import { spriteAddress } from '@/lib/sprite';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** A team member's avatar, or a placeholder with initials when there is none. */
export function TeamAvatar({
  member,
  size = 56,
  className,
  eager = false,
}: {
  member: Pick<TeamMember, 'name' | 'avatar'>;
  size?: number;
  className?: string;
  eager?: boolean;
}) {
  if (!member.avatar) {
    return (
      <span
        role="img"
        aria-label={member.name}
        data-testid="avatar-placeholder"
        style={{ width: size, height: size }}
        className={cn(
          'inline-flex items-center justify-center rounded-full bg-ink font-display font-semibold text-labs',
          className,
        )}
      >
        {initials(member.name)}
      </span>
    );
  }
  return (
    <img
      src={spriteAddress(member.avatar)}
      alt={member.name}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('avatar', className)}
    />
  );
}
