/**
 * The addresses the site answers itself (docs/product.md#redirects), which a hand-made redirect may
 * never take over. The front end's route table (frontend/src/app/routes.tsx) must list nothing
 * that is not here: a test compares them.
 */

/** Pages that always exist, and the documents the server writes itself. */
export const fixedSitePaths = [
  '/',
  '/consulting',
  '/labs',
  '/immersive',
  '/about',
  '/contact',
  '/case-studies',
  '/blog',
  '/blog/labs',
  '/blog/consulting',
  '/cookies',
  '/privacy',
  '/terms',
  '/data-deletion',
  '/data-deletion/verify',
  '/data-deletion/verified',
  '/data-access',
  '/data-access/verify',
  '/data-access/download',
  '/unsubscribe',
  '/newsletter/confirm',
  '/sitemap.xml',
  '/robots.txt',
  '/rss.xml',
] as const;

/**
 * Pages of a record: live while the record is (a published post or case study, a shown team
 * member, a tag of a published post, a sent newsletter issue's web version).
 */
export const recordSitePaths = [
  '/blog/labs/:slug',
  '/blog/consulting/:slug',
  '/blog/tag/:tag',
  '/case-studies/:slug',
  '/team/:slug',
  '/newsletter/:slug',
] as const;

/** Address spaces the server answers (the admin, the API, media, build assets, public files' folders). */
export const reservedSitePrefixes = ['/admin', '/api/', '/media/', '/assets/', '/images/', '/downloads/'] as const;
