import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import {
  mediaLimits,
  mediaMessages,
  type ListPage,
  type MediaItem,
  type MediaListItem,
  type StaffUser,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { answerNotModified } from '../../core/http/etag.js';
import { UploadRefusals } from '../../core/http/upload-refusals.js';
import { Access, Public } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { ListMediaQueryDto, UpdateMediaDto, UploadMediaDto } from './dto/media.dto.js';
import { MediaService, type UploadedImage } from './media.service.js';

/** Only the file and a few short fields; everything beyond is refused while it streams in. */
const uploadLimits = {
  fileSize: mediaLimits.uploadMaxBytes,
  files: 1,
  fields: 4,
  fieldSize: 4 * 1024,
  parts: 6,
};

/** The library: any role with media access lists, uploads and describes; deleting needs `all`. */
@Controller('admin/media')
export class MediaController {
  constructor(private readonly mediaService: MediaService) {}

  @Get()
  @Access('media', 'read')
  list(@Query() query: ListMediaQueryDto): Promise<ListPage<MediaListItem>> {
    return this.mediaService.list(query);
  }

  @Get(':id')
  @Access('media', 'read')
  detail(@Param('id') id: string): Promise<MediaItem> {
    return this.mediaService.detail(id);
  }

  /** Multipart: the image in `file`, its alt text in `alt`. */
  @Post()
  @Access('media', 'upload')
  @UseInterceptors(UploadRefusals(mediaMessages.tooLarge), FileInterceptor('file', { limits: uploadLimits }))
  upload(
    @UploadedFile() file: UploadedImage | undefined,
    @Body() body: UploadMediaDto,
    @CurrentUser() user: StaffUser,
  ): Promise<MediaItem> {
    return this.mediaService.upload(file, body.alt, user);
  }

  @Patch(':id')
  @Access('media', 'upload')
  update(@Param('id') id: string, @Body() body: UpdateMediaDto, @CurrentUser() user: StaffUser): Promise<MediaItem> {
    return this.mediaService.updateAlt(id, body.alt, user);
  }

  @Delete(':id')
  @Access('media', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async delete(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.mediaService.delete(id, user);
  }
}

/** Public variants `/media/{id}/{width}.{format}`: immutable, with a strong ETag. */
@Public()
@Controller('media')
export class MediaFilesController {
  constructor(private readonly mediaService: MediaService) {}

  @Get(':id/:file')
  async variant(
    @Param('id') id: string,
    @Param('file') file: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const stored = await this.mediaService.variant(id, file);
    if (!stored) throw new ApiError(HttpStatus.NOT_FOUND, mediaMessages.notFound);
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    // Newsletter mails, their preview and their web version load these from other origins (a mail
    // client, a sandboxed frame): variants carry nothing private. Only /media/* says so.
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    response.setHeader('Content-Type', stored.contentType);
    if (answerNotModified(request, response, stored.etag)) return;
    response.setHeader('Content-Length', stored.body.length);
    response.status(200).end(request.method === 'HEAD' ? undefined : stored.body);
  }
}
