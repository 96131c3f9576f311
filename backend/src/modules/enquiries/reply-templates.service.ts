import { HttpStatus, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  enquiryLimits,
  enquiryMessages,
  messages,
  replyTemplateActions,
  type ListPage,
  type ReplyTemplate,
  type ReplyTemplateAction,
  type StaffUser,
} from '@northbeam/common';
import { isUniqueViolation } from '../../core/sql/unique-violation.js';
import { ApiError } from '../../core/http/api-error.js';
import { isUuid } from '../../core/validation/uuid.js';
import { isoTimestamp } from '../../database/query-result.js';
import { ActivityService } from '../activity/activity.service.js';
import type { SaveReplyTemplateDto } from './dto/reply-templates.dto.js';
import { ReplyTemplatesRepository, type ReplyTemplateRow } from './reply-templates.repository.js';
import { Transactions } from '../../database/transactions.js';

/** A template, with what `user` may do with it (`replyTemplateActions`). */
function mapTemplate(row: ReplyTemplateRow, user: Pick<StaffUser, 'role'>): ReplyTemplate {
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    updatedAt: isoTimestamp(row.updated_at),
    actions: replyTemplateActions(row, user),
  };
}

/** Refuses what `replyTemplateActions` does not offer (`template` null: adding one). */
function assertMay(template: { id: string } | null, user: Pick<StaffUser, 'role'>, action: ReplyTemplateAction) {
  if (!replyTemplateActions(template, user).includes(action))
    throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
}

/** Saved replies: admins create, change and delete them (each logged); everyone in the inbox reads them. */
const nameTaken = () =>
  new ApiError(HttpStatus.CONFLICT, messages.validationFailed, { name: [enquiryMessages.templateNameTaken] });

/** Two saves of one name at the same moment both pass the check: the unique index refuses the second, in words. */
function nameRace(error: unknown): never {
  throw isUniqueViolation(error) ? nameTaken() : error;
}

@Injectable()
export class ReplyTemplatesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: ReplyTemplatesRepository,
    private readonly activity: ActivityService,
  ) {}

  /** A page of the templates by name; `search` keeps those whose name or text holds it (any case). */
  async list(user: StaffUser, page = 1, search?: string): Promise<ListPage<ReplyTemplate>> {
    const pageSize = enquiryLimits.templatesPageSize;
    const [rows, total] = await this.repository.page((page - 1) * pageSize, pageSize, search || undefined);
    return { items: rows.map((row) => mapTemplate(row, user)), total, page, pageSize };
  }

  async detail(id: string, user: StaffUser): Promise<ReplyTemplate> {
    const row = isUuid(id) ? await this.repository.findById(id) : undefined;
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, enquiryMessages.templateNotFound);
    return mapTemplate(row, user);
  }

  create(dto: SaveReplyTemplateDto, user: StaffUser): Promise<ReplyTemplate> {
    assertMay(null, user, 'edit');
    return this.transactions
      .run(async (manager) => {
        await this.assertNameFree(manager, dto.name);
        const row = await this.repository.create(manager, dto);
        await this.record(manager, user, 'reply_template.created', row);
        return mapTemplate(row, user);
      })
      .catch(nameRace);
  }

  update(id: string, dto: SaveReplyTemplateDto, user: StaffUser): Promise<ReplyTemplate> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, enquiryMessages.templateNotFound);
    assertMay({ id }, user, 'edit');
    return this.transactions
      .run(async (manager) => {
        await this.assertNameFree(manager, dto.name, id);
        const row = await this.repository.update(manager, id, dto);
        if (!row) throw new ApiError(HttpStatus.NOT_FOUND, enquiryMessages.templateNotFound);
        await this.record(manager, user, 'reply_template.updated', row);
        return mapTemplate(row, user);
      })
      .catch(nameRace);
  }

  async delete(id: string, user: StaffUser): Promise<void> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, enquiryMessages.templateNotFound);
    assertMay({ id }, user, 'delete');
    await this.transactions.run(async (manager) => {
      const row = await this.repository.delete(manager, id);
      if (!row) throw new ApiError(HttpStatus.NOT_FOUND, enquiryMessages.templateNotFound);
      await this.record(manager, user, 'reply_template.deleted', row);
    });
  }

  private async assertNameFree(manager: EntityManager, name: string, exceptId?: string): Promise<void> {
    if (await this.repository.nameTaken(manager, name, exceptId)) throw nameTaken();
  }

  private record(
    manager: EntityManager,
    user: StaffUser,
    action: 'reply_template.created' | 'reply_template.updated' | 'reply_template.deleted',
    row: ReplyTemplateRow,
  ): Promise<void> {
    return this.activity.record(manager, {
      actor: { id: user.id, name: user.name },
      action,
      target: { type: 'reply_template', id: row.id, label: row.name },
    });
  }
}
