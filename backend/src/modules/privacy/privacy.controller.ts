import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AccessDownloadState, ConsentProof } from '@northbeam/common';
import { Public } from '../auth/decorators/access.decorator.js';
import { AccessExportService } from './access-export.service.js';
import { CreateAccessRequestDto, DownloadExportDto } from './dto/access-request.dto.js';
import { RecordConsentDto } from './dto/consent.dto.js';
import { CreateDeletionRequestDto } from './dto/create-deletion-request.dto.js';
import { VerifyDeletionRequestDto } from './dto/verify-deletion-request.dto.js';
import { ConsentService } from './consent.service.js';
import { PrivacyRequestsService } from './privacy-requests.service.js';

@Public()
@Controller('request-data-deletion')
export class PrivacyController {
  constructor(private readonly requests: PrivacyRequestsService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(
    @Body() body: CreateDeletionRequestDto,
    @Req() request: Request,
  ): Promise<{ requestId: string; message: string }> {
    return this.requests.createRequest(body, request.ip);
  }

  /** The confirm button of /data-deletion/verify: the only call that verifies a request. */
  @Post('verify')
  @HttpCode(HttpStatus.OK)
  verify(@Body() body: VerifyDeletionRequestDto): Promise<{ message: string }> {
    return this.requests.verify(body.token);
  }

  /**
   * Links mailed before verification moved behind a confirm button pointed here. Opening one only
   * leads to the confirm page: a GET never changes a request (mail scanners open links).
   */
  @Get('verify')
  legacyLink(@Query('token') token: string | undefined, @Res() response: Response): void {
    const query = typeof token === 'string' && token.length <= 100 ? `?token=${encodeURIComponent(token)}` : '';
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(302, `/data-deletion/verify${query}`);
  }
}

/** The right of access (docs/product.md#privacy-requests): the same validation, limit and verification as deletion. */
@Public()
@Controller('request-data-access')
export class AccessRequestController {
  constructor(
    private readonly requests: PrivacyRequestsService,
    private readonly exports: AccessExportService,
  ) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(
    @Body() body: CreateAccessRequestDto,
    @Req() request: Request,
  ): Promise<{ requestId: string; message: string }> {
    return this.requests.createRequest({ ...body, requestType: 'access' }, request.ip);
  }

  /** The confirm button of /data-access/verify. */
  @Post('verify')
  @HttpCode(HttpStatus.OK)
  verify(@Body() body: VerifyDeletionRequestDto): Promise<{ message: string }> {
    return this.requests.verify(body.token);
  }

  /** What /data-access/download shows: whether its link still gives the file, was used (when) or expired. */
  @Get('download')
  downloadState(@Query() query: DownloadExportDto): Promise<AccessDownloadState> {
    return this.exports.state(query.token);
  }

  /** The download button of /data-access/download: the ZIP, once (a POST: mail scanners open links). */
  @Post('download')
  @HttpCode(HttpStatus.OK)
  async download(@Body() body: DownloadExportDto, @Res() response: Response): Promise<void> {
    const file = await this.exports.download(body.token);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    response.setHeader('Cache-Control', 'no-store');
    response.send(file.archive);
  }
}

/** Each cookie-banner choice (docs/product.md#consent-records). */
@Public()
@Controller('consent')
export class ConsentController {
  constructor(private readonly consent: ConsentService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  record(@Body() body: RecordConsentDto, @Req() request: Request): Promise<ConsentProof> {
    return this.consent.record(body, request.ip);
  }
}
