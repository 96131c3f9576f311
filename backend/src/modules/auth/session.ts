import { createRequire } from 'node:module';
import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import type pg from 'pg';
import type { AppConfig } from '../../core/config/config.js';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in staff account. */
    userId?: string;
    /** Epoch milliseconds of the sign-in, for the absolute timeout; also "first seen" in My sessions. */
    signedInAt?: number;
    /** Epoch milliseconds of the last request, refreshed at most once a minute ("last seen"). */
    lastSeenAt?: number;
    /** "Chrome on macOS": the browser of the sign-in, all that is kept of the user agent. */
    browser?: string;
    /** This session is the account's first sign-in (an accepted invitation, or no sign-in before it). */
    firstSignIn?: boolean;
    /** Password accepted, two-factor code still owed: not signed in. */
    pendingTwoFactor?: { userId: string; startedAt: number };
  }
}

/** Idle timeout: every answer to a signed-in request pushes the expiry this far ahead. */
export const sessionIdleTimeoutMs = 30 * 60 * 1000;
/** Absolute timeout: a session older than this is ended whatever its activity. */
export const sessionAbsoluteTimeoutMs = 12 * 60 * 60 * 1000;

const baseSessionCookieName = 'nb.sid';

export function sessionCookieName(config: Pick<AppConfig, 'production'>): string {
  // The __Host- prefix needs Secure, which plain-http development cannot send.
  return config.production ? `__Host-${baseSessionCookieName}` : baseSessionCookieName;
}

/**
 * The cookie parser express-session reads its cookie with: its own dependency, resolved from it, so
 * that this module reads a Cookie header exactly as the session middleware does.
 */
const sessionCookieParser = createRequire(createRequire(import.meta.url).resolve('express-session'))('cookie') as {
  parse(header: string): Record<string, string | undefined>;
};

/** The session cookie's name without its `__Host-` prefix, anywhere and in any case. */
const sessionNameMention = new RegExp(baseSessionCookieName.replaceAll('.', '\\.'), 'i');

/**
 * Whether a request's Cookie header may carry a staff session: when it mentions the cookie's name at
 * all (in any case, after a comma, inside a value: another reader than ours might take it for the
 * session), and when the session middleware's own parser finds the session cookie in it, whatever
 * the spelling. The parser's names are slices of the header, so today the mention already covers
 * every spelling it reads (spaces or tabs around the name, a quoted value, among other cookies,
 * several times); asking the parser too keeps that true if it ever decodes names. Only requests for
 * which this is false may read or fill a cache shared with every visitor.
 */
export function mayCarrySession(cookieHeader: string | undefined, config: Pick<AppConfig, 'production'>): boolean {
  if (!cookieHeader) return false;
  if (sessionNameMention.test(cookieHeader)) return true;
  return Object.hasOwn(sessionCookieParser.parse(cookieHeader), sessionCookieName(config));
}

export function sessionCookieOptions(config: Pick<AppConfig, 'production'>) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.production, path: '/' };
}

export interface SessionMiddleware {
  handler: RequestHandler;
  close(): Promise<void>;
}

/**
 * Sessions stored in PostgreSQL (table `sessions`) so that any instance serves any request.
 * express-session's ids are 24 random bytes (192 bits); the cookie is signed with SESSION_SECRET.
 */
export function createSessionMiddleware(config: AppConfig, pool: pg.Pool): SessionMiddleware {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool,
    tableName: 'sessions',
    createTableIfMissing: false,
    pruneSessionInterval: 15 * 60,
    errorLog: () => undefined,
  });
  const handler = session({
    name: sessionCookieName(config),
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    proxy: undefined,
    cookie: { ...sessionCookieOptions(config), maxAge: sessionIdleTimeoutMs },
  });
  return {
    handler,
    // Stops the prune timer; the pool belongs to TypeORM and stays open.
    close: () => Promise.resolve(store.close()),
  };
}
