import { IsUUID } from 'class-validator';
import { inboundMailMessages } from '@northbeam/common';
import { IsListPage } from '../../../core/validation/list-query.decorators.js';

/** Query of GET /api/admin/inbound-mail/unmatched. */
export class UnmatchedQueryDto {
  @IsListPage()
  page?: number;
}

/** Body of POST /api/admin/inbound-mail/unmatched/:id/attach. */
export class AttachInboundMailDto {
  @IsUUID('all', { message: inboundMailMessages.enquiryRequired })
  enquiryId: string;
}
