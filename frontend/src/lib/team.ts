import type { TeamMember } from '@northbeam/common';
import { loadJson } from './api';

/**
 * The shown team members, in order (docs/product.md#team), for a route loader: read through the
 * server's public-data memo on the server, so a page costs no database read for them. A failed read
 * renders as no team rather than breaking the page.
 */
export async function loadTeam(context: unknown): Promise<TeamMember[]> {
  try {
    const members = await loadJson<TeamMember[]>(context, '/api/team');
    return Array.isArray(members) ? members : [];
  } catch {
    return [];
  }
}

/** What the "Talk to the Team" strip shows of a member. */
export type TeamStripMember = Pick<TeamMember, 'slug' | 'name' | 'stripRole' | 'bio' | 'avatar'>;

/** The members marked for the strip, in order, with only what it shows. */
export function stripMembers(members: readonly TeamMember[]): TeamStripMember[] {
  return members
    .filter((member) => member.inStrip)
    .map(({ slug, name, stripRole, bio, avatar }) => ({ slug, name, stripRole, bio, avatar }));
}

/**
 * The strip's members for a page that shows the team only there: its hydration data carries what the
 * strip reads (a full member with both bios is five times that).
 */
export async function loadTeamStrip(context: unknown): Promise<TeamStripMember[]> {
  return stripMembers(await loadTeam(context));
}

/** The member credited on a post, when the post names one who is shown. */
export function teamMemberById(members: readonly TeamMember[], id: string | null | undefined): TeamMember | undefined {
  return id ? members.find((member) => member.id === id) : undefined;
}
