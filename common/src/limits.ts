import { contactMessageMin } from './contact-rules.js';

/**
 * Limits and user-facing sentences that both the browser and the server use. Each area has its own
 * `<area>Limits` and `<area>Messages` (postLimits, leadLimits, mediaLimits, staffLimits…); `limits`
 * and `messages` keep what is site-wide.
 */
export const limits = {
  blogPageSize: 15,
  adminPostsPageSize: 15,
  pageWindow: 5,
  /** Highest page number a list accepts (`?page=`); beyond it no list can have a page. */
  listPageMax: 100000,
  /** Longest search term (`?q=` on the blog, `search` of GET /api/posts). */
  searchMax: 200,
  deletionReasonMax: 500,
  passwordMin: 8,
  passwordMax: 128,
  requestBodyMaxBytes: 64 * 1024,
  homePostsPerSection: 2,
  homeCaseStudies: 3,
  moreFromSection: 3,
  feedItems: 4,
  feedDescriptionMax: 150,
  caseStudyCardTags: 3,
  caseStudySkeletons: 6,
  cookieBannerDelayMs: 1500,
  toastDurationMs: 5000,
  copyConfirmationMs: 2000,
  wordsPerMinute: 200,
  analyticsBodyMaxBytes: 8 * 1024,
  analyticsPropertiesMax: 40,
  analyticsStringMax: 2048,
  serviceEngagementSeconds: 15,
  articleEngagementSeconds: 30,
  articleLeaveReportSeconds: 10,
  scrollMilestones: [25, 50, 75, 100],
  deletionDueSoonDays: 7,
} as const;

/** The fields of a post (docs/product.md#posts): the editor's counters and the DTOs' checks. */
export const postLimits = {
  titleMax: 200,
  slugMax: 100,
  excerptMax: 500,
  authorIdMax: 100,
  authorNameMax: 200,
  authorCredentialsMax: 200,
  authorBioMax: 500,
  metaDescriptionMax: 160,
  tagMax: 60,
  /** Tags a kept revision or autosave may hold. */
  tagsMax: 100,
  customMetaTagsMax: 5000,
} as const;

export const postMessages = {
  tagTooLong: `Each tag must be ${postLimits.tagMax} characters or less`,
  customMetaTagsTooLong: `Custom meta tags must be ${postLimits.customMetaTagsMax} characters or less`,
} as const;

export const messages = {
  nameRequired: 'Name is required',
  emailInvalid: 'Please enter a valid email address',
  messageTooShort: `Please provide a detailed message (minimum ${contactMessageMin} characters)`,
  consentRequired: 'You must agree to the terms to continue',
  turnstileRequired: 'Please complete the security verification',
  passwordRequired: 'Password is required',
  titleRequired: 'Title is required',
  titleTooLong: 'Title too long',
  slugRequired: 'Slug is required',
  slugTooLong: 'Slug too long',
  slugInvalid: 'Slug may contain only lower-case letters, numbers and single hyphens',
  excerptRequired: 'Excerpt is required',
  excerptTooLong: 'Excerpt too long',
  bodyRequired: 'Body content is required',
  sectionRequired: 'Section is required',
  credentialsTooLong: 'Credentials too long',
  bioTooLong: 'Bio too long',
  metaDescriptionTooLong: `Meta description must be ${postLimits.metaDescriptionMax} characters or less`,
  deletionReasonTooLong: `Reason must be ${limits.deletionReasonMax} characters or less`,
  deletionConsentRequired: 'You must confirm this request',
  emailRequired: 'Please enter your email address',
  postNotFound: 'Post not found',
  caseStudyNotFound: 'Case study not found',
  feedUnavailable: 'Unable to load latest posts from Simulation Creation.',
  feedEmpty: 'No posts available at the moment.',
  invalidCredentials: 'Invalid email or password',
  onlyAdminsCanPublish: 'Only admins can publish',
  consultantOwnDraftsOnly: 'Consultants can only change their own drafts',
  slugTaken: 'A post with this slug already exists in this section',
  notFound: 'Not found',
  validationFailed: 'Validation failed',
  payloadTooLarge: 'Request body is too large',
  singleLineText: 'This field must be on one line (no tabs or line breaks)',
  encodedBodyRefused: 'Compressed request bodies are not accepted: send the body without Content-Encoding',
  headersTooLarge: 'Request headers are too large',
  requestUnreadable: 'The request could not be read',
  transferEncodingUnsupported:
    'Transfer-Encoding other than chunked is not supported: send the body with Content-Length',
  requestTimedOut: 'The request took too long to arrive',
  notSignedIn: 'Not signed in',
  forbidden: 'You do not have permission to do that',
  tooManyRequests: 'Too many requests, please try again later',
  serviceUnavailable: 'The service is temporarily unavailable, please try again shortly',
  internalError: 'Something went wrong on our side',
  crossSiteRefused: 'Cross-site requests are not allowed',
  deletionRequestTypeInvalid: 'Please choose full deletion or partial deletion',
  deletionSubmitted: 'Your data deletion request has been submitted successfully. Check your email for confirmation.',
  deletionSubmittedTitle: 'Request Submitted',
  deletionFailedTitle: 'Submission Failed',
  deletionFailed: 'Failed to submit data deletion request. Please try again.',
  deletionLinkInvalid: 'This confirmation link has expired or was already used.',
  deletionVerified: 'Your request is confirmed. Our privacy team will review it within 5 business days.',
  deletionRequestNotFound: 'Deletion request not found',
  deletionRequestWrongState: 'This request cannot take that action in its current state',
  deletionRejectionReasonRequired: 'Please give a reason for the rejection',
  deletionCompletionNoteRequired: 'Please describe what was deleted',
  accessSubmitted: 'Your data access request has been submitted successfully. Check your email for confirmation.',
  accessFailed: 'Failed to submit data access request. Please try again.',
  accessDownloadInvalid: 'This download link has expired or was already used.',
  extensionReasonRequired: 'Please give a reason for the extension',
  extensionMonthsInvalid: 'Please choose an extension of 1 or 2 months',
  extensionAlreadyUsed: 'This request has already been extended once',
  consentNotFound: 'No consent record has that id',
  consentChoiceInvalid: 'Consent choice is not valid',
  analyticsEventInvalid: 'Event name is not allowed',
  analyticsPropertiesInvalid: 'Properties must be a flat object of at most 40 strings, numbers, booleans or nulls',
} as const;

export type Messages = typeof messages;

/** The media library (docs/product.md#media): what an upload may be and how variants are made. */
export const mediaLimits = {
  /** Largest upload: 20 MB. */
  uploadMaxBytes: 20 * 1024 * 1024,
  /** Largest image in pixels (width × height): bigger ones would take the server's memory to decode. */
  maxPixels: 60_000_000,
  /**
   * An animated GIF or WebP: at most this many frames, and `maxPixels` across all its frames. Every
   * frame is decoded and encoded again for each variant (3,000 frames of 64×64 held a core for 23 s).
   */
  maxFrames: 300,
  altMax: 300,
  /** A body image's caption (its markdown title, shown under the image). */
  captionMax: 300,
  filenameMax: 200,
  searchMax: 200,
  listPageSize: 15,
  /** The widths a variant can have, in pixels. */
  variantWidths: [320, 640, 960, 1280, 1920],
} as const;

/** User-facing sentences of the media library (exact). */
export const mediaMessages = {
  fileRequired: 'Choose an image to upload',
  tooLarge: 'Images must be 20 MB or smaller',
  typeRefused: 'Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded',
  svgRefused: 'SVG images cannot be uploaded: they can carry scripts. Export it as PNG or WebP instead',
  tooManyPixels: 'Images must be 60 megapixels or smaller',
  tooManyFrames: 'Animated images may have at most 300 frames and 60 megapixels across all frames',
  unreadable: 'This file could not be read as an image',
  altRequired: 'Alt text is required: describe the image for people who cannot see it',
  altTooLong: `Alt text must be ${mediaLimits.altMax} characters or less`,
  searchTooLong: `Search must be ${mediaLimits.searchMax} characters or less`,
  notFound: 'Image not found',
  inUse: (uses: string[]) => `This image is in use and cannot be deleted. Used by: ${uses.join('; ')}`,
  featureImageInvalid: 'Choose a feature image from the media library',
  uploaded: 'Image uploaded',
  deleted: 'Image deleted',
  altSaved: 'Alt text saved',
} as const;

/** Case studies in the admin (docs/product.md#case-studies): sizes of every field. */
export const caseStudyLimits = {
  listPageSize: 15,
  searchMax: 200,
  slugMax: 100,
  titleMax: 200,
  summaryMax: 500,
  clientMax: 200,
  sectorMax: 100,
  listItemsMax: 12,
  listItemMax: 60,
  sectionMax: 20000,
  metricsMax: 12,
  metricValueMax: 40,
  metricLabelMax: 80,
  metricContextMax: 120,
  galleryMax: 12,
  imageAddressMax: 500,
  altMax: 200,
  captionMax: 300,
  ctaLabelMax: 80,
  linkMax: 500,
  seoTitleMax: 120,
  seoDescriptionMax: 160,
  yearMin: 1990,
  yearMax: 2100,
} as const;

/** What the admin's case study calls answer, exactly (docs/product.md#case-studies). */
export const caseStudyMessages = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be ${caseStudyLimits.titleMax} characters or less`,
  slugRequired: 'Slug is required',
  slugTooLong: `Slug must be ${caseStudyLimits.slugMax} characters or less`,
  slugTaken: 'A case study with this slug already exists',
  summaryRequired: 'Summary is required',
  summaryTooLong: `Summary must be ${caseStudyLimits.summaryMax} characters or less`,
  clientRequired: 'Client is required',
  clientTooLong: `Client must be ${caseStudyLimits.clientMax} characters or less`,
  sectorRequired: 'Sector is required',
  sectorTooLong: `Sector must be ${caseStudyLimits.sectorMax} characters or less`,
  servicesRequired: 'Add at least one service',
  servicesInvalid: `Services must be a list of at most ${caseStudyLimits.listItemsMax} names of ${caseStudyLimits.listItemMax} characters or less`,
  techInvalid: `Technologies must be a list of at most ${caseStudyLimits.listItemsMax} names of ${caseStudyLimits.listItemMax} characters or less`,
  dateInvalid: `Date must be a calendar date (YYYY-MM-DD) between ${caseStudyLimits.yearMin} and ${caseStudyLimits.yearMax}`,
  problemRequired: 'The Challenge is required',
  approachRequired: 'Our Approach is required',
  solutionRequired: 'The Solution is required',
  outcomesRequired: 'Outcomes is required',
  sectionTooLong: `A section must be ${caseStudyLimits.sectionMax} characters or less`,
  heroImageRequired: 'Hero image is required',
  imageNotInLibrary: 'This image is not in the media library: choose it again',
  imageAddressInvalid: `An image address must start with / or https:// and be ${caseStudyLimits.imageAddressMax} characters or less`,
  metricsInvalid: `Metrics must be a list of at most ${caseStudyLimits.metricsMax} rows`,
  metricValueRequired: 'Each metric needs a value',
  metricValueTooLong: `A metric value must be ${caseStudyLimits.metricValueMax} characters or less`,
  metricLabelRequired: 'Each metric needs a label',
  metricLabelTooLong: `A metric label must be ${caseStudyLimits.metricLabelMax} characters or less`,
  metricContextTooLong: `A metric context must be ${caseStudyLimits.metricContextMax} characters or less`,
  galleryInvalid: `The gallery must be a list of at most ${caseStudyLimits.galleryMax} images`,
  altRequired: 'Each gallery image needs alt text',
  altTooLong: `Alt text must be ${caseStudyLimits.altMax} characters or less`,
  captionTooLong: `A caption must be ${caseStudyLimits.captionMax} characters or less`,
  ctaInvalid: 'The call to action needs a label and a link',
  ctaLabelRequired: 'Call to action label is required',
  ctaLabelTooLong: `Call to action label must be ${caseStudyLimits.ctaLabelMax} characters or less`,
  ctaHrefInvalid: `Call to action link must start with /, https://, http:// or mailto: and be ${caseStudyLimits.linkMax} characters or less`,
  seoInvalid: 'SEO fields need a title, a description and an image (each may be empty)',
  seoTitleTooLong: `SEO title must be ${caseStudyLimits.seoTitleMax} characters or less`,
  seoDescriptionTooLong: `SEO description must be ${caseStudyLimits.seoDescriptionMax} characters or less`,
  linkInvalid: `Project link must start with https:// or http:// and be ${caseStudyLimits.linkMax} characters or less`,
  statusInvalid: 'Status must be draft or published',
  searchTooLong: `Search must be ${caseStudyLimits.searchMax} characters or less`,
} as const;
