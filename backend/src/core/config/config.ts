import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  isEmail,
  validateSync,
} from 'class-validator';
import {
  apiTokenLimits,
  contactServiceValues,
  limits,
  publishingLimits,
  site,
  twoFactorPolicies,
  type ContactService,
  type TwoFactorPolicy,
} from '@northbeam/common';

/** More proxies than this in front of one site is a configuration mistake rather than a design. */
const maxTrustedProxies = 10;
const trustProxyMessage = `TRUST_PROXY must be the number of proxies in front of the site, a whole number from 0 to ${maxTrustedProxies}`;

/** A day: a shared cache keeps a page at most this long between purges. */
const maxCdnSeconds = 86_400;
const cdnSecondsMessage = (name: string) => `${name} must be a whole number of seconds from 0 to ${maxCdnSeconds}`;

const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The environment as the application reads it. Every setting is validated at start-up and the
 * process refuses to start with one line per bad value.
 */
class EnvironmentVariables {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: string;

  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'PORT must be a whole number' })
  @Min(0)
  @Max(65535)
  PORT: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'PUBLIC_URL must be an http(s) address' })
  PUBLIC_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must start with postgres:// or postgresql://' })
  DATABASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  PGLITE_DIR?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must start with smtp:// or smtps://' })
  SMTP_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MAIL_FROM?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({}, { message: 'CONTACT_INBOX must be an e-mail address' })
  CONTACT_INBOX?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({}, { message: 'PRIVACY_INBOX must be an e-mail address' })
  PRIVACY_INBOX?: string;

  /** Read by `parseEnquiryRoutes` below. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ENQUIRY_ROUTES?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  TURNSTILE_SITE_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  TURNSTILE_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'] },
    { message: 'TURNSTILE_VERIFY_URL must be an http(s) address' },
  )
  TURNSTILE_VERIFY_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'] },
    { message: 'SIMULATION_CREATION_FEED_URL must be an http(s) address' },
  )
  SIMULATION_CREATION_FEED_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'PLAYBOOK_URL must be an http(s) address' })
  PLAYBOOK_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ANALYTICS_TAG_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MARKETING_TRACKER_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({}, { message: 'ADMIN_EMAIL must be an e-mail address' })
  ADMIN_EMAIL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(limits.passwordMin, { message: `ADMIN_PASSWORD must be at least ${limits.passwordMin} characters` })
  @MaxLength(limits.passwordMax, { message: `ADMIN_PASSWORD must be at most ${limits.passwordMax} characters` })
  ADMIN_PASSWORD?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['debug', 'info', 'warn', 'error', 'silent'])
  LOG_LEVEL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'SEED_CONTENT must be true or false' })
  SEED_CONTENT?: string;

  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsOptional()
  @IsInt({ message: 'WEB_CONCURRENCY must be a whole number from 1 to 32' })
  @Min(1, { message: 'WEB_CONCURRENCY must be a whole number from 1 to 32' })
  @Max(32, { message: 'WEB_CONCURRENCY must be a whole number from 1 to 32' })
  WEB_CONCURRENCY?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['on', 'off'], { message: 'HTML_CACHE must be on or off' })
  HTML_CACHE?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'WEBHOOK_ALLOW_PRIVATE must be true or false' })
  WEBHOOK_ALLOW_PRIVATE?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(twoFactorPolicies, { message: 'STAFF_2FA must be required, admins or optional' })
  STAFF_2FA?: string;

  @Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    return /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  })
  @IsOptional()
  @IsIn(Array.from({ length: maxTrustedProxies + 1 }, (_, hops) => hops), { message: trustProxyMessage })
  TRUST_PROXY?: number;

  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsOptional()
  @IsInt({ message: cdnSecondsMessage('CDN_MAX_AGE') })
  @Min(0, { message: cdnSecondsMessage('CDN_MAX_AGE') })
  @Max(maxCdnSeconds, { message: cdnSecondsMessage('CDN_MAX_AGE') })
  CDN_MAX_AGE?: number;

  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsOptional()
  @IsInt({ message: cdnSecondsMessage('CDN_STALE_WHILE_REVALIDATE') })
  @Min(0, { message: cdnSecondsMessage('CDN_STALE_WHILE_REVALIDATE') })
  @Max(maxCdnSeconds, { message: cdnSecondsMessage('CDN_STALE_WHILE_REVALIDATE') })
  CDN_STALE_WHILE_REVALIDATE?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'CDN_PURGE_URL must be an http(s) address' },
  )
  CDN_PURGE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['on', 'off'], { message: 'API_DOCS must be on or off' })
  API_DOCS?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'IMPORT_ALLOW_PRIVATE must be true or false' })
  IMPORT_ALLOW_PRIVATE?: string;

  /** The connected mailbox of enquirers' answers (docs/inbound-mail.md): imap:// or imaps://user:pass@host[:port]/Mailbox. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^imaps?:\/\/[^/@\s]+(:[^/@\s]*)?@[^/\s]+(\/.*)?$/, {
    message: 'INBOUND_IMAP_URL must look like imaps://user:password@mail.example.com/INBOX',
  })
  INBOUND_IMAP_URL?: string;

  /** The address replies from the inbox carry in Reply-To (plus-addressed per enquiry); default: the mailbox's user when it is an address. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({}, { message: 'INBOUND_REPLY_ADDRESS must be an e-mail address' })
  INBOUND_REPLY_ADDRESS?: string;

  /** A folder each taken message is moved to; unset: it is flagged as read and stays. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  INBOUND_IMAP_MOVE_TO?: string;

  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsOptional()
  @IsInt({ message: 'INBOUND_POLL_SECONDS must be a whole number from 10 to 3600' })
  @Min(10, { message: 'INBOUND_POLL_SECONDS must be a whole number from 10 to 3600' })
  @Max(3600, { message: 'INBOUND_POLL_SECONDS must be a whole number from 10 to 3600' })
  INBOUND_POLL_SECONDS?: number;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface AppConfig {
  production: boolean;
  port: number;
  publicUrl: string;
  /** Set: that PostgreSQL. Unset: the embedded database under `pgliteDir`. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database, or `memory://` for a throw-away one. */
  pgliteDir: string;
  dataDir: string;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactInbox: string;
  /** ENQUIRY_ROUTES: the inbox of a service interest's enquiry notifications; the others go to `contactInbox`. */
  enquiryRoutes: Partial<Record<ContactService, string>>;
  privacyInbox: string;
  turnstileSiteKey: string | undefined;
  turnstileSecret: string | undefined;
  turnstileVerifyUrl: string;
  /** How long the server waits for the bot-check provider before answering 503. */
  turnstileTimeoutMs: number;
  /** Contact form submissions allowed per client address within the window. */
  contactRateLimitMax: number;
  contactRateLimitWindowSeconds: number;
  /**
   * How many proxies in front of the site append to X-Forwarded-For (0: none, the connection's
   * address is the client). Only that many entries, counted from the right, are believed.
   */
  trustProxyHops: number;
  /** Data-deletion requests allowed per client address within the window (access requests count their own). */
  deletionRateLimitMax: number;
  deletionRateLimitWindowSeconds: number;
  /**
   * Privacy requests (deletion and access together; each mails a verification link) allowed per
   * address asked about within the same window, from any client: an inbox gets at most this many.
   */
  privacyRecipientRateLimitMax: number;
  /** Cookie-banner choices recorded per client address within the window (a visitor makes a few). */
  consentRateLimitMax: number;
  consentRateLimitWindowSeconds: number;
  /** Password reset requests allowed per client address, and per account address, within the window. */
  passwordResetRateLimitMax: number;
  passwordResetRateLimitWindowSeconds: number;

  /**
   * Newsletter sign-ups: per client address, and per address signed up (each may send a
   * confirmation mail). A reader signs up once; ten an hour from one network leaves room for an
   * office, three an hour for one inbox covers a retry after a typo'd form.
   */
  subscribeRateLimitMax: number;
  subscribeRecipientRateLimitMax: number;
  subscribeRateLimitWindowSeconds: number;
  /** Playbook requests (each mails the link), per client address and per recipient, as for sign-ups. */
  playbookRateLimitMax: number;
  playbookRecipientRateLimitMax: number;
  playbookRateLimitWindowSeconds: number;
  /**
   * Unsubscribe links mailed to an address typed into /unsubscribe without a link of ours, per
   * client address and per recipient, as for sign-ups.
   */
  unsubscribeLinkRateLimitMax: number;
  unsubscribeLinkRecipientRateLimitMax: number;
  unsubscribeLinkRateLimitWindowSeconds: number;
  /**
   * Analytics events per client address. A page sends a handful (view, timing, scroll milestones,
   * clicks); a reader opening a page every few seconds stays far below 120 a minute, a script does not.
   */
  analyticsRateLimitMax: number;
  analyticsRateLimitWindowSeconds: number;
  simulationCreationFeedUrl: string;
  playbookUrl: string;
  analyticsTagId: string | undefined;
  marketingTrackerId: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Development on the embedded database (not tests): a first start without staff creates an admin. */
  developmentAdmin: boolean;
  /** Fill an empty posts table with the built-in articles at start-up (SEED_CONTENT=false turns it off). */
  seedContent: boolean;
  /** Worker processes sharing the port (node:cluster); 1 runs the site in this process. */
  workers: number;
  /** Keep rendered public pages in memory (HTML_CACHE=off renders every request: for the bench). */
  htmlCache: boolean;
  /** Who must use two-factor sign-in (STAFF_2FA): every staff member by default in production. */
  staffTwoFactor: TwoFactorPolicy;
  logLevel: LogLevel;
  /** How often the mail dispatcher sends due outbox rows; 0 turns the schedule off (tests call it). */
  mailDispatchIntervalMs: number;
  /** First retry delay of a failed mail; each further failure doubles it (capped at an hour). */
  mailRetryBaseMs: number;
  /** How often the webhook dispatcher sends due deliveries; 0 turns the schedule off (tests call it). */
  webhookDispatchIntervalMs: number;
  /**
   * WEBHOOK_ALLOW_PRIVATE=true: webhooks may go to private, loopback and link-local addresses (a
   * receiver on the same network; the API tests' own receiver). Off by default: never a door inward.
   */
  webhookAllowPrivate: boolean;
  /** How often each instance looks for scheduled posts that are due; 0 turns the schedule off (tests call it). */
  scheduledPublishIntervalMs: number;
  /** Roll up the analytics days not rolled up yet at start-up (docs/product.md#analytics-rollups); off in tests (they call it). */
  analyticsRollupAtStartup: boolean;
  /** Serve the front end through Vite with hot reload instead of the production build. */
  devServer: boolean;
  /**
   * A shared cache (CDN, Varnish) in front: how long it may keep an anonymous page or public answer
   * (`s-maxage`; 0, the default, declares none and sends no shared-cache headers) and serve it stale
   * while it fetches a new copy (`stale-while-revalidate`).
   */
  cdnMaxAgeSeconds: number;
  cdnStaleWhileRevalidateSeconds: number;
  /** Where content changes are purged (a `PURGE` that Varnish turns into a ban by surrogate key); unset purges nothing. */
  cdnPurgeUrl: string | undefined;
  /** Requests each API token may make within the window (docs/product.md#api-tokens). */
  apiTokenRateLimitMax: number;
  apiTokenRateLimitWindowSeconds: number;
  /** Serve the OpenAPI document and its page at /api/docs (API_DOCS; on by default outside production). */
  apiDocs: boolean;
  /**
   * IMPORT_ALLOW_PRIVATE=true: an import may fetch images from private, loopback and link-local
   * addresses (tests, an old site on the same network). Off by default (docs/import.md).
   */
  importAllowPrivate: boolean;
  /** How often each instance looks for import jobs to run or take over; 0 turns runs off (tests that queue only). */
  importRunIntervalMs: number;
  /** INBOUND_IMAP_URL: the mailbox enquirers' answers arrive in (docs/inbound-mail.md); unset: no polling. */
  inboundImapUrl: string | undefined;
  /** The Reply-To address of replies from the inbox, before its `+token`; undefined when no mailbox is connected. */
  inboundReplyAddress: string | undefined;
  /** INBOUND_IMAP_MOVE_TO: where a taken message goes; unset: flagged \\Seen in place. */
  inboundMoveTo: string | undefined;
  /** How often the mailbox is polled; 0 turns the schedule off (tests call the poll). */
  inboundPollIntervalMs: number;
  /** Development fallbacks in use, listed in the start-up log. */
  fallbacks: string[];
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads a `.env` file into the environment (development convenience; real variables win). */
export function readDotEnv(file = path.resolve(process.cwd(), '.env')): void {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    const [, key, raw] = match;
    if (process.env[key] !== undefined) continue;
    process.env[key] = raw.replace(/^(['"])(.*)\1$/, '$2');
  }
}

/**
 * Builds the typed configuration from an environment. Throws ConfigError listing every problem.
 * `overrides` lets tests and tools adjust single settings without touching process.env.
 */
export function loadConfig(
  environment: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  // class-transformer only visits keys that are present, so defaults are filled in first.
  const source = { ...environment, PORT: environment.PORT?.trim() ? environment.PORT : '3000' };
  const env = plainToInstance(EnvironmentVariables, source, { enableImplicitConversion: false });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  // One line per problem: a value failing several rules that share a sentence is named once.
  const problems = [...new Set(errors.flatMap((error) => Object.values(error.constraints ?? {})))];
  const enquiryRoutes = parseEnquiryRoutes(env.ENQUIRY_ROUTES, problems);
  const production = env.NODE_ENV === 'production';
  if (production) {
    if (!env.SESSION_SECRET) problems.push('SESSION_SECRET is required when NODE_ENV=production');
    if (!env.TURNSTILE_SECRET) problems.push('TURNSTILE_SECRET is required when NODE_ENV=production');
    if (!env.PUBLIC_URL) problems.push('PUBLIC_URL is required when NODE_ENV=production');
    // The embedded database is for development and tests: one process, no backups, local access only.
    if (!env.DATABASE_URL) problems.push('DATABASE_URL is required when NODE_ENV=production');
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD))
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  if (env.INBOUND_IMAP_URL && !env.INBOUND_REPLY_ADDRESS && !imapUserAddress(env.INBOUND_IMAP_URL))
    problems.push('INBOUND_REPLY_ADDRESS is required when the user of INBOUND_IMAP_URL is not an e-mail address');
  if ((env.WEB_CONCURRENCY ?? 1) > 1 && !env.DATABASE_URL) {
    problems.push('WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to a single process');
  }
  if ((env.WEB_CONCURRENCY ?? 1) > 1 && environment.NORTHBEAM_DEV_SERVER === '1') {
    problems.push('WEB_CONCURRENCY above 1 is for production builds, not the development server');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const fallbacks: string[] = [];
  const dataDir = path.resolve(process.cwd(), 'data');
  const pgliteDir =
    env.PGLITE_DIR === 'memory://' ? 'memory://' : path.resolve(process.cwd(), env.PGLITE_DIR ?? 'data/pglite');
  if (!env.DATABASE_URL) fallbacks.push(`embedded PostgreSQL (PGlite) in ${pgliteDir}`);
  if (!env.SMTP_URL) fallbacks.push('mail written to the log instead of sent');
  if (!env.TURNSTILE_SECRET) fallbacks.push('bot check in development fallback mode');

  let sessionSecret = env.SESSION_SECRET;
  if (!sessionSecret && !overrides.sessionSecret) {
    sessionSecret = developmentSessionSecret(pgliteDir === 'memory://' ? undefined : dataDir);
    fallbacks.push('generated session secret kept in the data folder');
  }

  const port = env.PORT;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const config: AppConfig = {
    production,
    port,
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    pgliteDir,
    dataDir,
    sessionSecret: sessionSecret ?? '',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${site.name} <${site.email}>`,
    contactInbox: env.CONTACT_INBOX ?? site.email,
    enquiryRoutes,
    privacyInbox: env.PRIVACY_INBOX ?? site.privacyEmail,
    turnstileSiteKey: env.TURNSTILE_SITE_KEY,
    turnstileSecret: env.TURNSTILE_SECRET,
    turnstileVerifyUrl: env.TURNSTILE_VERIFY_URL ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    turnstileTimeoutMs: 5000,
    contactRateLimitMax: 5,
    contactRateLimitWindowSeconds: 600,
    trustProxyHops: env.TRUST_PROXY ?? 0,
    deletionRateLimitMax: 5,
    deletionRateLimitWindowSeconds: 3600,
    privacyRecipientRateLimitMax: 3,
    consentRateLimitMax: 60,
    consentRateLimitWindowSeconds: 600,
    passwordResetRateLimitMax: 5,
    passwordResetRateLimitWindowSeconds: 3600,

    subscribeRateLimitMax: 10,
    subscribeRecipientRateLimitMax: 3,
    subscribeRateLimitWindowSeconds: 3600,
    playbookRateLimitMax: 10,
    playbookRecipientRateLimitMax: 3,
    playbookRateLimitWindowSeconds: 3600,
    unsubscribeLinkRateLimitMax: 10,
    unsubscribeLinkRecipientRateLimitMax: 3,
    unsubscribeLinkRateLimitWindowSeconds: 3600,
    analyticsRateLimitMax: 120,
    analyticsRateLimitWindowSeconds: 60,
    simulationCreationFeedUrl: env.SIMULATION_CREATION_FEED_URL ?? `${site.simulationCreationBlogUrl}/rss.xml`,
    playbookUrl: env.PLAYBOOK_URL ?? `${publicUrl}/downloads/sme-ai-adoption-playbook.pdf`,
    analyticsTagId: env.ANALYTICS_TAG_ID,
    marketingTrackerId: env.MARKETING_TRACKER_ID,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    developmentAdmin: !production && env.NODE_ENV !== 'test' && !env.DATABASE_URL,
    seedContent: env.SEED_CONTENT !== 'false',
    htmlCache: env.HTML_CACHE !== 'off',
    staffTwoFactor: (env.STAFF_2FA as TwoFactorPolicy | undefined) ?? (production ? 'required' : 'optional'),
    workers: env.WEB_CONCURRENCY ?? 1,
    logLevel: (env.LOG_LEVEL as LogLevel | undefined) ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    mailDispatchIntervalMs: 5000,
    mailRetryBaseMs: 30_000,
    webhookDispatchIntervalMs: 5000,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    scheduledPublishIntervalMs: publishingLimits.scheduledPublishCheckSeconds * 1000,
    analyticsRollupAtStartup: env.NODE_ENV !== 'test',
    devServer: environment.NORTHBEAM_DEV_SERVER === '1',
    cdnMaxAgeSeconds: env.CDN_MAX_AGE ?? 0,
    cdnStaleWhileRevalidateSeconds: env.CDN_STALE_WHILE_REVALIDATE ?? 0,
    cdnPurgeUrl: env.CDN_PURGE_URL,
    apiTokenRateLimitMax: apiTokenLimits.requestsPerMinute,
    apiTokenRateLimitWindowSeconds: 60,
    apiDocs: env.API_DOCS ? env.API_DOCS === 'on' : !production,
    importAllowPrivate: env.IMPORT_ALLOW_PRIVATE === 'true',
    importRunIntervalMs: 5000,
    inboundImapUrl: env.INBOUND_IMAP_URL,
    inboundReplyAddress: env.INBOUND_IMAP_URL
      ? (env.INBOUND_REPLY_ADDRESS ?? imapUserAddress(env.INBOUND_IMAP_URL))
      : undefined,
    inboundMoveTo: env.INBOUND_IMAP_MOVE_TO,
    inboundPollIntervalMs: (env.INBOUND_POLL_SECONDS ?? 60) * 1000,
    fallbacks,
    ...overrides,
  };
  return config;
}

/** The mailbox URL's user when it is an e-mail address (`replies@example.com`), else undefined. */
function imapUserAddress(url: string): string | undefined {
  try {
    const user = decodeURIComponent(new URL(url).username);
    return isEmail(user) ? user : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `ENQUIRY_ROUTES="consulting=consulting@example.com, labs=labs@example.com"`: a comma-separated list
 * of `service=inbox`. Each service is one of the contact form's service interests, at most once, and
 * each inbox an e-mail address; every problem is added to `problems` (the start is then refused).
 */
export function parseEnquiryRoutes(
  value: string | undefined,
  problems: string[],
): Partial<Record<ContactService, string>> {
  const routes: Partial<Record<ContactService, string>> = {};
  if (!value) return routes;
  const services = contactServiceValues as readonly string[];
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const separator = entry.indexOf('=');
    const service = (separator < 0 ? entry : entry.slice(0, separator)).trim();
    const inbox = separator < 0 ? '' : entry.slice(separator + 1).trim();
    if (!services.includes(service)) {
      problems.push(`ENQUIRY_ROUTES: "${service}" is not a service interest (use ${contactServiceValues.join(', ')})`);
    } else if (!isEmail(inbox)) {
      problems.push(`ENQUIRY_ROUTES: "${entry}" must be service=inbox with an e-mail address after "="`);
    } else if (routes[service as ContactService]) {
      problems.push(`ENQUIRY_ROUTES: "${service}" is routed twice`);
    } else {
      routes[service as ContactService] = inbox;
    }
  }
  return routes;
}

/** A random secret created once and kept in the data folder, so that sessions survive restarts. */
function developmentSessionSecret(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
