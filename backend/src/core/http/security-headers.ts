import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/config.js';

const turnstileOrigin = 'https://challenges.cloudflare.com';
const analyticsOrigins = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
];
const trackerOrigins = [
  'https://js.hs-scripts.com',
  'https://js.hs-analytics.net',
  'https://js.hs-banner.com',
  'https://*.hubspot.com',
];

/**
 * Browser features no page of the site uses, turned off for every document and frame (helmet has no
 * option for this header). Standard feature names only: browsers warn about unknown ones.
 */
export const permissionsPolicy = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/**
 * Security headers (docs/product.md#security-headers). Scripts only from this origin (and the third parties that are
 * configured); no inline script is allowed, so cached HTML and the policy always agree.
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  const scriptSources = ["'self'", turnstileOrigin];
  const connectSources = ["'self'", turnstileOrigin];
  if (config.analyticsTagId) {
    scriptSources.push(...analyticsOrigins);
    connectSources.push(...analyticsOrigins);
  }
  if (config.marketingTrackerId) {
    scriptSources.push(...trackerOrigins);
    connectSources.push(...trackerOrigins);
  }
  if (config.devServer) {
    // Vite's dev server needs its HMR socket and the React refresh preamble.
    scriptSources.push("'unsafe-inline'", "'unsafe-eval'");
    connectSources.push('ws:', 'wss:');
  }
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': scriptSources,
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': connectSources,
        'frame-src': [turnstileOrigin],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(config.production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  return (request, response, next) => {
    response.setHeader('Permissions-Policy', permissionsPolicy);
    helmetHeaders(request, response, next);
  };
}
