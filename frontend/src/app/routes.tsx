import { withRouteIds } from './data-router';
import { RootLayout } from './root-layout';
import { RootErrorBoundary } from './root-error-boundary';
import { loadSiteSettings } from '@/lib/site-settings';

/**
 * The route table (docs/product.md#frame). Matching is case-insensitive and
 * tolerates a trailing slash (React Router's defaults). Each screen's module loads on its own.
 */
export const routes = withRouteIds([
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    // The site settings every page shows (footer, header, contact details).
    loader: ({ context }) => loadSiteSettings(context),
    ErrorBoundary: RootErrorBoundary,
    children: [
      { index: true, lazy: () => import('../routes/home/route') },
      { path: 'consulting', lazy: () => import('../routes/consulting/route') },
      { path: 'labs', lazy: () => import('../routes/labs/route') },
      { path: 'immersive', lazy: () => import('../routes/immersive/route') },
      { path: 'about', lazy: () => import('../routes/about/route') },
      { path: 'contact', lazy: () => import('../routes/contact/route') },
      { path: 'case-studies', lazy: () => import('../routes/case-studies/route') },
      { path: 'case-studies/:slug', lazy: () => import('../routes/case-study/route') },
      { path: 'blog', lazy: () => import('../routes/blog/route') },
      { path: 'blog/labs', lazy: () => import('../routes/blog-section/route') },
      { path: 'blog/consulting', lazy: () => import('../routes/blog-section/route') },
      { path: 'blog/labs/:slug', lazy: () => import('../routes/article/route') },
      { path: 'blog/consulting/:slug', lazy: () => import('../routes/article/route') },
      { path: 'blog/tag/:tag', lazy: () => import('../routes/blog-tag/route') },
      { path: 'team/:slug', lazy: () => import('../routes/team-member/route') },
      { path: 'unsubscribe', lazy: () => import('../routes/unsubscribe/route') },
      { path: 'newsletter/confirm', lazy: () => import('../routes/newsletter-confirm/route') },
      { path: 'cookies', lazy: () => import('../routes/cookies/route') },
      { path: 'privacy', lazy: () => import('../routes/privacy/route') },
      { path: 'terms', lazy: () => import('../routes/terms/route') },
      { path: 'data-deletion', lazy: () => import('../routes/data-deletion/route') },
      { path: 'data-deletion/verify', lazy: () => import('../routes/data-deletion-verify/route') },
      { path: 'data-deletion/verified', lazy: () => import('../routes/data-deletion-verified/route') },
      { path: 'data-access', lazy: () => import('../routes/data-access/route') },
      { path: 'data-access/verify', lazy: () => import('../routes/data-access-verify/route') },
      { path: 'data-access/download', lazy: () => import('../routes/data-access-download/route') },
      { path: 'admin/login', lazy: () => import('../routes/admin/login/route') },
      { path: 'admin/forgot-password', lazy: () => import('../routes/admin/forgot-password/route') },
      { path: 'admin/reset-password/:token', lazy: () => import('../routes/admin/reset-password/route') },
      { path: 'admin/invitation/:token', lazy: () => import('../routes/admin/invitation/route') },
      {
        // The admin shell: every signed-in admin page sits in its frame (navigation by role, the user, Sign Out).
        id: 'admin-shell',
        path: 'admin',
        lazy: () => import('../routes/admin/shell/route'),
        children: [
          { index: true, lazy: () => import('../routes/admin/dashboard/route') },
          { path: 'posts', lazy: () => import('../routes/admin/posts/route') },
          { path: 'posts/new', lazy: () => import('../routes/admin/post-editor/route') },
          { path: 'posts/edit/:id', lazy: () => import('../routes/admin/post-editor/route') },
          { path: 'privacy', lazy: () => import('../routes/admin/privacy/route') },
          { path: 'privacy/consent', lazy: () => import('../routes/admin/privacy-consent/route') },
          { path: 'privacy/data-map', lazy: () => import('../routes/admin/privacy-data-map/route') },
          { path: 'staff', lazy: () => import('../routes/admin/staff/route') },
          { path: 'activity', lazy: () => import('../routes/admin/activity/route') },
          { path: 'enquiries', lazy: () => import('../routes/admin/enquiries/route') },
          { path: 'enquiries/unmatched', lazy: () => import('../routes/admin/unmatched-mail/route') },
          { path: 'enquiries/:id', lazy: () => import('../routes/admin/enquiry/route') },
          { path: 'reply-templates', lazy: () => import('../routes/admin/reply-templates/route') },
          { path: 'reply-templates/new', lazy: () => import('../routes/admin/reply-template/route') },
          { path: 'reply-templates/:id', lazy: () => import('../routes/admin/reply-template/route') },
          { path: 'subscribers', lazy: () => import('../routes/admin/subscribers/route') },
          { path: 'playbook', lazy: () => import('../routes/admin/playbook/route') },
          { path: 'analytics', lazy: () => import('../routes/admin/analytics/route') },
          { path: 'account', lazy: () => import('../routes/admin/account/route') },
          { path: 'account/two-factor', lazy: () => import('../routes/admin/two-factor/route') },
          { path: 'newsletter', lazy: () => import('../routes/admin/newsletter/route') },
          { path: 'newsletter/new', lazy: () => import('../routes/admin/newsletter-issue/route') },
          { path: 'newsletter/:id', lazy: () => import('../routes/admin/newsletter-issue/route') },
          { path: 'media', lazy: () => import('../routes/admin/media/route') },
          // Case studies in the admin.
          { path: 'case-studies', lazy: () => import('../routes/admin/case-studies/route') },
          { path: 'case-studies/new', lazy: () => import('../routes/admin/case-study-editor/route') },
          { path: 'case-studies/:id', lazy: () => import('../routes/admin/case-study-editor/route') },
          // The team (docs/product.md#team).
          { path: 'team', lazy: () => import('../routes/admin/team/route') },
          { path: 'team/new', lazy: () => import('../routes/admin/team-member-editor/route') },
          { path: 'team/:id', lazy: () => import('../routes/admin/team-member-editor/route') },
          { path: 'settings', lazy: () => import('../routes/admin/settings/route') },
          { path: 'redirects', lazy: () => import('../routes/admin/redirects/route') },
          { path: 'api-tokens', lazy: () => import('../routes/admin/api-tokens/route') },
          // Webhooks (docs/webhooks.md).
          { path: 'webhooks', lazy: () => import('../routes/admin/webhooks/route') },
          { path: 'webhooks/:id', lazy: () => import('../routes/admin/webhook/route') },
          { path: 'import', lazy: () => import('../routes/admin/import/route') },
        ],
      },
      { path: '*', lazy: () => import('../routes/not-found/route') },
    ],
  },
]);
