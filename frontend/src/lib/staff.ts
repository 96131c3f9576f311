import { redirect } from 'react-router-dom';
import { permissionTable, type ListPage, type StaffMember, type StaffUser } from '@northbeam/common';
import { apiRequest, loadJson } from './api';
import type { LoaderRequest } from '@/app/data-router';

/** The current admin user is cached for five minutes in the browser, never retried (docs/product.md#sessions). */
const userCacheMs = 5 * 60 * 1000;
let cachedUser: { user: StaffUser | null; at: number } | undefined;
let userRequest: Promise<StaffUser | null> | undefined;

function inBrowser(context: unknown): boolean {
  return typeof window !== 'undefined' && !(context as { serverApi?: unknown } | undefined)?.serverApi;
}

/**
 * The signed-in staff member, or null when the API answers 401 (signed out). Any other failure (the
 * database unavailable, 503; the network) is an error, thrown for the page to show as one, and is not
 * kept: the next check asks again (docs/product.md#sessions).
 */
export async function fetchStaffUser(context: unknown): Promise<StaffUser | null> {
  const browser = inBrowser(context);
  if (!browser) return loadJson<StaffUser>(context, '/api/admin/user');
  if (cachedUser && Date.now() - cachedUser.at < userCacheMs) return cachedUser.user;
  // The shell and the screen inside it ask at the same moment: one request answers both.
  const pending = (userRequest ??= loadJson<StaffUser>(context, '/api/admin/user').then(
    (user) => {
      if (userRequest === pending) {
        cachedUser = { user, at: Date.now() };
        userRequest = undefined;
      }
      return user;
    },
    (error: unknown) => {
      if (userRequest === pending) userRequest = undefined;
      throw error;
    },
  ));
  return pending;
}

/** Where a staff member who must set up two-factor sign-in is sent, whichever admin page they asked for. */
export const twoFactorSetupPath = '/admin/account/two-factor';

export function forgetStaffUser(): void {
  cachedUser = undefined;
  userRequest = undefined;
}

/** Loader guard of every admin page: signed out means /admin/login?redirect=<this page>. */
export async function requireStaffUser(context: unknown, request: LoaderRequest): Promise<StaffUser> {
  const user = await fetchStaffUser(context);
  if (!user) signInAgain(request);
  return user;
}

/** The session ended (an admin call answered 401): forget the cached user and go to the sign-in page. */
export function signInAgain(request: LoaderRequest): never {
  forgetStaffUser();
  const url = new URL(request.url);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's redirects are thrown responses
  throw redirect(`/admin/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

export async function signOut(): Promise<void> {
  try {
    await apiRequest('POST', '/api/admin/logout');
  } finally {
    forgetStaffUser();
  }
}

/**
 * The active staff members (not invitations) who may work enquiries (those an enquiry can be assigned
 * to), by name, for those who may read the staff list; empty for the others.
 */
export async function activeStaffMembers(context: unknown, user: StaffUser): Promise<{ id: string; name: string }[]> {
  if (user.permissions.staff === 'none') return [];
  const members: { id: string; name: string }[] = [];
  // The staff list is paginated too: a consultancy's staff fits in a few pages.
  for (let page = 1; page <= 10; page += 1) {
    const list = await loadJson<ListPage<StaffMember>>(context, `/api/admin/staff?status=active&page=${page}`).catch(
      () => null,
    );
    if (!list) break;
    for (const member of list.items) {
      if (permissionTable[member.role].enquiries !== 'none') members.push({ id: member.id, name: member.name });
    }
    if (page * list.pageSize >= list.total) break;
  }
  return members.sort((a, b) => a.name.localeCompare(b.name));
}
