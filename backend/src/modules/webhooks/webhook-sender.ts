import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { webhookLimits, webhookMessages } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { resolveTarget, type Resolver } from './webhook-address.js';

/** What one attempt came to, as the delivery log records it. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/** A lookup that answers only the address already checked: the connection cannot go anywhere else. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * Sends one webhook request: the host is resolved and checked first (webhook-address.ts), the request
 * connects to the checked address, redirects are not followed (a 3xx is a failure), and the whole
 * attempt gives up after `webhookLimits.timeoutMs`. Only a 2xx answer is a success. Never throws.
 */
@Injectable()
export class WebhookSender {
  /** DNS resolution; tests give their own to make a name resolve to 127.0.0.1. */
  resolver: Resolver | undefined;
  timeoutMs: number = webhookLimits.timeoutMs;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send(target: string, headers: Record<string, string>, body: string): Promise<AttemptOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failure = (error: string, statusCode: number | null = null, excerpt: string | null = null) => ({
      ok: false,
      statusCode,
      durationMs: elapsed(),
      responseExcerpt: excerpt,
      error,
    });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return failure(webhookMessages.urlInvalid);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return failure(webhookMessages.urlInvalid);
    const resolved = await resolveTarget(url, this.config.webhookAllowPrivate, this.resolver);
    if (!resolved.ok) return failure(resolved.reason);

    return new Promise<AttemptOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup: pinnedLookup(resolved.address, resolved.family),
          agent: false,
        },
        (response: IncomingMessage) => {
          const statusCode = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => {
            const excerpt = Buffer.concat(chunks).subarray(0, webhookLimits.responseExcerptBytes).toString('utf8');
            response.destroy();
            if (statusCode >= 200 && statusCode < 300)
              finish({ ok: true, statusCode, durationMs: elapsed(), responseExcerpt: excerpt, error: null });
            else if (statusCode >= 300 && statusCode < 400)
              finish(failure(webhookMessages.redirectRefused, statusCode, excerpt));
            else finish(failure(`The receiver answered ${statusCode}`, statusCode, excerpt));
          };
          response.on('data', (chunk: Buffer) => {
            if (size >= webhookLimits.responseExcerptBytes) return;
            chunks.push(chunk);
            size += chunk.length;
            if (size >= webhookLimits.responseExcerptBytes) done();
          });
          response.on('end', done);
          response.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        request.destroy();
        finish(failure(webhookMessages.timedOut));
      }, this.timeoutMs);
      request.on('error', (error) => finish(failure(error.message || 'Connection failed')));
      request.end(body);
    });
  }
}
