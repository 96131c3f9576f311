import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type {
  AccessFindings,
  ConsentProof,
  DataMapEntry,
  DeletionRequestDetail,
  DeletionRequestSummary,
  ListPage,
  PrivacyRequestCounts,
  StaffUser,
} from '@northbeam/common';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { Access } from '../auth/decorators/access.decorator.js';
import { ConsentService } from './consent.service.js';
import {
  ApproveRequestDto,
  CompleteDeletionRequestDto,
  RejectDeletionRequestDto,
} from './dto/decide-deletion-request.dto.js';
import { ExtendRequestDto, ListPrivacyRequestsQueryDto } from './dto/list-requests.dto.js';
import { PrivacyRequestsService } from './privacy-requests.service.js';
import { RetentionService } from './retention.service.js';

/** The privacy team's requests screen (deletion and access): every role with every right over privacy. */
@Controller('admin/deletion-requests')
@Access('privacy', 'all')
export class AdminPrivacyController {
  constructor(private readonly requests: PrivacyRequestsService) {}

  @Get()
  list(@Query() query: ListPrivacyRequestsQueryDto): Promise<ListPage<DeletionRequestSummary>> {
    const { page, ...filter } = query;
    return this.requests.list(filter, page ?? 1);
  }

  @Get('counts')
  counts(): Promise<PrivacyRequestCounts> {
    return this.requests.counts();
  }

  @Get(':id')
  detail(@Param('id') id: string): Promise<DeletionRequestDetail> {
    return this.requests.detail(id);
  }

  /** What an access request found, kind by kind, for the review before disclosure. */
  @Get(':id/findings')
  findings(@Param('id') id: string): Promise<AccessFindings> {
    return this.requests.findings(id);
  }

  @Post(':id/approve')
  @HttpCode(HttpStatus.OK)
  approve(
    @Param('id') id: string,
    @Body() body: ApproveRequestDto,
    @CurrentUser() user: StaffUser,
  ): Promise<DeletionRequestDetail> {
    const decisions = body.digest
      ? { digest: body.digest, include: body.include ?? [], exclude: body.exclude ?? [] }
      : undefined;
    return this.requests.approve(id, user, decisions);
  }

  @Post(':id/reject')
  @HttpCode(HttpStatus.OK)
  reject(
    @Param('id') id: string,
    @Body() body: RejectDeletionRequestDto,
    @CurrentUser() user: StaffUser,
  ): Promise<DeletionRequestDetail> {
    return this.requests.reject(id, user, body.reason);
  }

  @Post(':id/complete')
  @HttpCode(HttpStatus.OK)
  complete(
    @Param('id') id: string,
    @Body() body: CompleteDeletionRequestDto,
    @CurrentUser() user: StaffUser,
  ): Promise<DeletionRequestDetail> {
    return this.requests.completePartial(id, user, body.note);
  }

  @Post(':id/extend')
  @HttpCode(HttpStatus.OK)
  extend(
    @Param('id') id: string,
    @Body() body: ExtendRequestDto,
    @CurrentUser() user: StaffUser,
  ): Promise<DeletionRequestDetail> {
    return this.requests.extend(id, user, body.months, body.reason);
  }
}

/** Consent records and the data map. */
@Controller('admin/privacy')
@Access('privacy', 'all')
export class AdminPrivacyRecordsController {
  constructor(
    private readonly consent: ConsentService,
    private readonly retention: RetentionService,
  ) {}

  @Get('data-map')
  dataMap(): Promise<DataMapEntry[]> {
    return this.retention.dataMap();
  }

  @Get('consent/:consentId')
  consentRecord(@Param('consentId') consentId: string): Promise<ConsentProof> {
    return this.consent.find(consentId);
  }

  /** The record as a JSON file, for proof. */
  @Get('consent/:consentId/export')
  async exportConsent(
    @Param('consentId') consentId: string,
    @CurrentUser() user: StaffUser,
    @Res() response: Response,
  ): Promise<void> {
    const proof = await this.consent.export(consentId, user);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="consent-${proof.consentId}.json"`);
    response.setHeader('Cache-Control', 'no-store');
    response.send(JSON.stringify(proof, null, 2));
  }
}
