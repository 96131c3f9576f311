import { redirect } from 'react-router-dom';
import type { StaffUser } from '@northbeam/common';
import { apiRequest, loadJson } from './api';
import type { LoaderRequest } from '@/app/data-router';

/** The current admin user is cached for five minutes in the browser, never retried (docs/product.md#sessions). */
const userCacheMs = 5 * 60 * 1000;
let cachedUser: { user: StaffUser | null; at: number } | undefined;

function inBrowser(context: unknown): boolean {
  return typeof window !== 'undefined' && !(context as { serverApi?: unknown } | undefined)?.serverApi;
}

/** The signed-in staff member, or null. A failed check counts as signed out (docs/product.md#sessions). */
export async function fetchStaffUser(context: unknown): Promise<StaffUser | null> {
  const browser = inBrowser(context);
  if (browser && cachedUser && Date.now() - cachedUser.at < userCacheMs) return cachedUser.user;
  let user: StaffUser | null;
  try {
    user = await loadJson<StaffUser>(context, '/api/admin/user');
  } catch {
    user = null;
  }
  if (browser) cachedUser = { user, at: Date.now() };
  return user;
}

export function forgetStaffUser(): void {
  cachedUser = undefined;
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

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirectPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/admin';
  return value;
}

export async function signOut(): Promise<void> {
  try {
    await apiRequest('POST', '/api/admin/logout');
  } finally {
    forgetStaffUser();
  }
}

export const roleLabels: Record<StaffUser['role'], string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  consultant: 'Consultant',
};

