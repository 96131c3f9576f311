import { Initial1763780000000 } from './1763780000000-initial.js';
import { ContentVersion1763780500000 } from './1763780500000-content-version.js';
import { StaffAndPosts1763781000000 } from './1763781000000-staff-and-posts.js';
import { PostsPublishedIndex1763781500000 } from './1763781500000-posts-published-index.js';
import { CaseStudies1763782000000 } from './1763782000000-case-studies.js';
import { LeadCapture1763783000000 } from './1763783000000-lead-capture.js';
import { PrivacyAndAnalytics1763784000000 } from './1763784000000-privacy-and-analytics.js';
import { LimiterKeyDigests1764200000000 } from './1764200000000-limiter-key-digests.js';
import { StaffAccounts1764400000000 } from './1764400000000-staff-accounts.js';
import { EnquiriesInbox1764600000000 } from './1764600000000-enquiries-inbox.js';
import { NewsletterIssues1764700000000 } from './1764700000000-newsletter-issues.js';
import { LeadListsOrder1764710000000 } from './1764710000000-lead-lists-order.js';
import { MediaLibrary1764720000000 } from './1764720000000-media-library.js';
import { PostSchedulingAndRedirects1764730000000 } from './1764730000000-post-scheduling-and-redirects.js';
import { ContentRevisions1764740000000 } from './1764740000000-content-revisions.js';
import { CaseStudyPublishing1764750000000 } from './1764750000000-case-study-publishing.js';
import { AnalyticsVisits1764760000000 } from './1764760000000-analytics-visits.js';
import { PrivacyOperations1764770000000 } from './1764770000000-privacy-operations.js';
import { AnalyticsRollups1764780000000 } from './1764780000000-analytics-rollups.js';
import { PostsCreatedIndex1764781000000 } from './1764781000000-posts-created-index.js';
import { TeamMembers1764790000000 } from './1764790000000-team-members.js';
import { SiteSettingsAndRedirects1764800000000 } from './1764800000000-site-settings-and-redirects.js';
import { NewsletterAudiencesAndSchedule1764810000000 } from './1764810000000-newsletter-audiences-and-schedule.js';
import { InboxRepliesAndNotifications1764820000000 } from './1764820000000-inbox-replies-and-notifications.js';
import { PostsLivePathIndex1764830000000 } from './1764830000000-posts-live-path-index.js';
import { PrivacyOfficer1795852000000 } from './1795852000000-privacy-officer.js';
import { ApiTokens1795852111338 } from './1795852111338-api-tokens.js';
import { Webhooks1795852059738 } from './1795852059738-webhooks.js';
import { ImportJobs1795852221500 } from './1795852221500-import-jobs.js';
import { NewsletterFiguresL1795860000000 } from './1795860000000-newsletter-figures.js';
import { InboundMailInbox1795860000100 } from './1795860000100-inbound-mail.js';
import { ImportJobFileM1795868400500 } from './1795868400500-import-job-file.js';
import { MediaBodiesIndex1795870000000 } from './1795870000000-media-bodies-index.js';

/** Every migration, oldest first. Never rewrite one that has landed: add a new one. */
export const migrations: Function[] = [
  Initial1763780000000,
  ContentVersion1763780500000,
  StaffAndPosts1763781000000,
  PostsPublishedIndex1763781500000,
  CaseStudies1763782000000,
  LeadCapture1763783000000,
  PrivacyAndAnalytics1763784000000,
  LimiterKeyDigests1764200000000,
  StaffAccounts1764400000000,
  EnquiriesInbox1764600000000,
  NewsletterIssues1764700000000,
  LeadListsOrder1764710000000,
  MediaLibrary1764720000000,
  PostSchedulingAndRedirects1764730000000,
  ContentRevisions1764740000000,
  CaseStudyPublishing1764750000000,
  AnalyticsVisits1764760000000,
  PrivacyOperations1764770000000,
  AnalyticsRollups1764780000000,
  PostsCreatedIndex1764781000000,
  TeamMembers1764790000000,
  SiteSettingsAndRedirects1764800000000,
  NewsletterAudiencesAndSchedule1764810000000,
  InboxRepliesAndNotifications1764820000000,
  PostsLivePathIndex1764830000000,
  PrivacyOfficer1795852000000,
  ApiTokens1795852111338,
  Webhooks1795852059738,
  ImportJobs1795852221500,
  NewsletterFiguresL1795860000000,
  InboundMailInbox1795860000100,
  ImportJobFileM1795868400500,
  MediaBodiesIndex1795870000000,
];
