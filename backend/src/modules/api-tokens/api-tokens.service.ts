import { createHash, randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  apiTokenActorName,
  apiTokenLimits,
  apiTokenMessages,
  apiTokenPattern,
  apiTokenPrefix,
  permissionsFor,
  roleLabels,
  type ApiToken,
  type CreatedApiToken,
  type ListPage,
  type StaffUser,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import { isUuid } from '../../core/validation/uuid.js';
import { Transactions } from '../../database/transactions.js';
import { ActivityService } from '../activity/activity.service.js';
import { ApiTokensRepository } from './api-tokens.repository.js';
import { mapApiToken, type CreateApiTokenDto } from './dto/api-tokens.dto.js';
import { listPage } from '../../core/http/list-page.js';

const dayMs = 24 * 60 * 60 * 1000;

/** A new token: `nbt_` and 32 random bytes in base64url; only its SHA-256 is kept. */
export function newApiToken(): { token: string; tokenHash: string; hint: string } {
  const token = `${apiTokenPrefix}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashApiToken(token), hint: token.slice(0, apiTokenPrefix.length + 4) };
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * When a token stops working: `expiresInDays` from now, or the end (UTC) of the day `expiresOn`,
 * which must come after today and at most `maxDays` ahead. 400 with the field's sentence otherwise.
 */
export function apiTokenExpiry(input: { expiresInDays?: number; expiresOn?: string }, now: Date): Date {
  if (input.expiresInDays !== undefined && input.expiresOn !== undefined)
    throw new ApiError(HttpStatus.BAD_REQUEST, apiTokenMessages.expiryInvalid, {
      expiresOn: [apiTokenMessages.expiryInvalid],
    });
  if (input.expiresInDays !== undefined) return new Date(now.getTime() + input.expiresInDays * dayMs);
  if (input.expiresOn === undefined)
    throw new ApiError(HttpStatus.BAD_REQUEST, apiTokenMessages.expiryRequired, {
      expiresInDays: [apiTokenMessages.expiryRequired],
    });
  const day = new Date(`${input.expiresOn}T00:00:00Z`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const valid =
    !Number.isNaN(day.getTime()) &&
    day.toISOString().slice(0, 10) === input.expiresOn &&
    day.getTime() > today &&
    day.getTime() <= today + apiTokenLimits.maxDays * dayMs;
  if (!valid)
    throw new ApiError(HttpStatus.BAD_REQUEST, apiTokenMessages.expiryDateInvalid, {
      expiresOn: [apiTokenMessages.expiryDateInvalid],
    });
  return new Date(day.getTime() + dayMs);
}

/** 429 for a token past its minute's allowance; the error filter turns `retryAfterSeconds` into Retry-After. */
class ApiTokenRateLimitedError extends ApiError {
  constructor(public readonly retryAfterSeconds: number) {
    super(HttpStatus.TOO_MANY_REQUESTS, apiTokenMessages.tooManyRequests);
  }
}

/** What a request signed with a token acts as: the creator's account with the token's role and name. */
export interface ApiTokenIdentity {
  tokenId: string;
  user: StaffUser;
}

/**
 * API tokens (docs/product.md#api-tokens): super admins make, list and revoke them (each logged);
 * AccessGuard asks `authenticate` for every request that carries one.
 */
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly repository: ApiTokensRepository,
    private readonly transactions: Transactions,
    private readonly activity: ActivityService,
    private readonly rateLimiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(page: number, now = new Date()): Promise<ListPage<ApiToken>> {
    return listPage(
      page,
      apiTokenLimits.listPageSize,
      (offset, limit) => this.repository.page(offset, limit),
      (row) => mapApiToken(row, now),
    );
  }

  async create(dto: CreateApiTokenDto, user: StaffUser, now = new Date()): Promise<CreatedApiToken> {
    const expiresAt = apiTokenExpiry(dto, now);
    const { token, tokenHash, hint } = newApiToken();
    const record = await this.transactions.run(async (manager) => {
      const created = await this.repository.create(manager, {
        name: dto.name,
        role: dto.role,
        tokenHash,
        hint,
        createdById: user.id,
        createdByName: user.name,
        expiresAt,
      });
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'api_token.created',
        target: { type: 'api_token', id: created.id, label: `${created.name} (${roleLabels[created.role]})` },
      });
      return created;
    });
    return { message: apiTokenMessages.created, token, apiToken: mapApiToken(record, now) };
  }

  /** Revokes at once: the next request with the token is refused (every request reads the table). */
  async revoke(id: string, user: StaffUser, now = new Date()): Promise<{ message: string; apiToken: ApiToken }> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, apiTokenMessages.notFound);
    const record = await this.transactions.run(async (manager) => {
      const existing = await this.repository.findById(manager, id);
      if (!existing) throw new ApiError(HttpStatus.NOT_FOUND, apiTokenMessages.notFound);
      if (existing.revokedAt) throw new ApiError(HttpStatus.CONFLICT, apiTokenMessages.alreadyRevoked);
      await this.repository.revoke(manager, id);
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'api_token.revoked',
        target: { type: 'api_token', id, label: `${existing.name} (${roleLabels[existing.role]})` },
      });
      return (await this.repository.findById(manager, id))!;
    });
    return { message: apiTokenMessages.revoked, apiToken: mapApiToken(record, now) };
  }

  /**
   * The identity a bearer token acts as, or null when it is not a working token (malformed, unknown,
   * revoked, expired, or its creator no longer an active super admin). The creator's account stands
   * behind the token (what they own, what is assigned to them), with the token's role, and the
   * activity log names the token: "API token “CRM sync” (created by Helena Marsh)". Counts the
   * request against the token's minute allowance (429 past it) and notes when it was last used.
   */
  async authenticate(token: string): Promise<ApiTokenIdentity | null> {
    if (!apiTokenPattern.test(token)) return null;
    const bearer = await this.repository.findUsable(hashApiToken(token));
    if (!bearer) return null;
    const decision = await this.rateLimiter.hit(
      `api-token:${bearer.tokenId}`,
      this.config.apiTokenRateLimitMax,
      this.config.apiTokenRateLimitWindowSeconds,
    );
    if (!decision.allowed) throw new ApiTokenRateLimitedError(decision.retryAfterSeconds);
    await this.repository.touch(bearer.tokenId);
    return {
      tokenId: bearer.tokenId,
      user: {
        id: bearer.creatorId,
        name: apiTokenActorName(bearer.tokenName, bearer.creatorName),
        email: bearer.creatorEmail,
        role: bearer.role,
        twoFactorEnabled: false,
        twoFactorSetupRequired: false,
        // A token never manages tokens, whatever its role.
        permissions: { ...permissionsFor(bearer.role), 'api-tokens': 'none' },
        teamMemberId: bearer.creatorTeamMemberId,
      },
    };
  }
}

/** The 401 of a request whose bearer token does not work. */
export function invalidApiTokenError(): ApiError {
  return new ApiError(HttpStatus.UNAUTHORIZED, apiTokenMessages.invalid);
}
