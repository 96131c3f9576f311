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
    /** Password accepted, two-factor code still owed: not signed in. */
    pendingTwoFactor?: { userId: string; startedAt: number };
  }
}

/** Idle timeout: every answer to a signed-in request pushes the expiry this far ahead. */
export const sessionIdleTimeoutMs = 30 * 60 * 1000;
/** Absolute timeout: a session older than this is ended whatever its activity. */
export const sessionAbsoluteTimeoutMs = 12 * 60 * 60 * 1000;

export function sessionCookieName(config: Pick<AppConfig, 'production'>): string {
  // The __Host- prefix needs Secure, which plain-http development cannot send.
  return config.production ? '__Host-nb.sid' : 'nb.sid';
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
