import type { APIRequestContext } from '@playwright/test';

/**
 * The routes the whole-site suites visit (layout, HTML validity): every public screen, including
 * states only a link reaches (404s, confirmation results), and every admin screen as the super admin
 * sees it. `:seededPost` and `:seededCaseStudy` stand for a seeded record's id. New screens are added here.
 */
export const publicScreenPaths: string[] = [
  '/',
  '/consulting',
  '/labs',
  '/immersive',
  '/about',
  '/contact',
  '/blog',
  '/blog/labs',
  '/blog/consulting',
  '/blog/labs/no-such-article',
  '/case-studies',
  '/case-studies/no-such-study',
  '/cookies',
  '/privacy',
  '/terms',
  '/data-deletion',
  '/data-access',
  '/data-deletion/verify?token=a1b2c3d4e5f6a7b8c9d0',
  '/data-deletion/verified?status=ok',
  '/data-deletion/verified?status=invalid',
  '/newsletter/confirm?status=ok',
  '/newsletter/confirm?status=invalid',
  '/newsletter/confirm?token=a1b2c3d4e5f6a7b8c9d0e1f2',
  '/unsubscribe',
  '/unsubscribe?email=margaret.henderson%40harbourline-logistics.co.uk',
  '/this-page-does-not-exist',
  '/admin/login',
  '/admin/forgot-password',
];

export const adminScreenPaths: string[] = [
  '/admin',
  '/admin/posts',
  '/admin/posts/new',
  '/admin/posts/edit/:seededPost',
  '/admin/privacy',
  '/admin/enquiries',
  '/admin/enquiries/unmatched',
  '/admin/staff',
  '/admin/activity',
  '/admin/account',
  '/admin/account/two-factor',
  '/admin/subscribers',
  '/admin/playbook',
  '/admin/analytics',
  '/admin/newsletter',
  '/admin/newsletter/new',
  '/admin/media',
  '/admin/privacy/consent',
  '/admin/privacy/data-map',
  '/admin/posts?status=in_review',
  '/admin/case-studies',
  '/admin/case-studies/new',
  '/admin/case-studies/:seededCaseStudy',
  '/admin/team',
  '/admin/team/new',
  '/admin/settings',
  '/admin/redirects',
  '/admin/redirects?kind=slug',
  '/admin/reply-templates',
  '/admin/reply-templates/new',
  '/admin/api-tokens',
  '/admin/webhooks',
];

/** Every address the sitemap lists, as a path with its query (the public routes that content makes). */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL(match[1]);
    return `${url.pathname}${url.search}`;
  });
}

/**
 * The admin screen paths with `:seededPost` and `:seededCaseStudy` replaced by a seeded record's id,
 * read through a signed-in super admin's request context.
 */
export async function resolvedAdminScreenPaths(staff: APIRequestContext): Promise<string[]> {
  const posts = (await (await staff.get('/api/admin/posts')).json()) as { items: { id: string }[] };
  const studies = (await (await staff.get('/api/admin/case-studies?q=panaquest')).json()) as {
    items: { id: string }[];
  };
  const ids: Record<string, string> = {
    ':seededPost': posts.items[0].id,
    ':seededCaseStudy': studies.items[0]?.id ?? '',
  };
  return adminScreenPaths.map((address) => address.replace(/:[a-zA-Z]+/g, (name) => ids[name] ?? name));
}
