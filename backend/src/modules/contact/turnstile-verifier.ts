import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { leadMessages, turnstileFallbackToken } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';

interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: unknown;
}

/**
 * Cloudflare Turnstile (docs/product.md#contact). With a secret every token is checked at the verify URL;
 * without one only the client's development fallback token passes, and a warning is logged once.
 */
@Injectable()
export class TurnstileVerifier {
  private readonly logger = new Logger(TurnstileVerifier.name);
  private warnedAboutFallback = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Resolves when the token is good; throws 403 when it is refused and 503 when it cannot be checked. */
  async verify(token: string, remoteIp: string | undefined): Promise<void> {
    const secret = this.config.turnstileSecret;
    if (!secret) {
      if (!this.warnedAboutFallback) {
        this.warnedAboutFallback = true;
        this.logger.warn('TURNSTILE_SECRET is not set: the contact form accepts the development fallback token only.');
      }
      if (token !== turnstileFallbackToken) throw new ApiError(HttpStatus.FORBIDDEN, leadMessages.securityFailedTitle);
      return;
    }

    const form = new URLSearchParams({ secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let answer: SiteverifyAnswer;
    try {
      const response = await fetch(this.config.turnstileVerifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(this.config.turnstileTimeoutMs),
      });
      if (!response.ok) throw new Error(`verify answered ${response.status}`);
      answer = (await response.json()) as SiteverifyAnswer;
    } catch (error) {
      this.logger.warn(
        `Turnstile verification could not be completed: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, leadMessages.securityUnavailable);
    }
    if (answer.success !== true) throw new ApiError(HttpStatus.FORBIDDEN, leadMessages.securityFailedTitle);
  }
}
