import { Body, Controller, Get, Header, Param, Patch, Post, Query } from '@nestjs/common';
import type {
  EnquiryCounts,
  EnquiryDetail,
  EnquiryNote,
  EnquiryReply,
  EnquirySummary,
  ListPage,
  StaffUser,
} from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { AddEnquiryNoteDto, EnquiryFiltersDto, ListEnquiriesQueryDto, UpdateEnquiryDto } from './dto/enquiries.dto.js';
import { SendEnquiryReplyDto } from './dto/reply-templates.dto.js';
import { EnquiriesService } from './enquiries.service.js';

/** The enquiries inbox. `assigned` lets a consultant in; the service limits them to their own enquiries. */
@Controller('admin')
export class EnquiriesController {
  constructor(private readonly enquiriesService: EnquiriesService) {}

  @Get('enquiries')
  @Access('enquiries', 'read')
  list(@Query() query: ListEnquiriesQueryDto, @CurrentUser() user: StaffUser): Promise<ListPage<EnquirySummary>> {
    return this.enquiriesService.list(query, user);
  }

  @Get('enquiries.csv')
  @Access('enquiries', 'read')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="enquiries.csv"')
  @Header('Cache-Control', 'no-store')
  exportCsv(@Query() query: EnquiryFiltersDto, @CurrentUser() user: StaffUser): Promise<string> {
    return this.enquiriesService.exportCsv(query, user);
  }

  @Get('enquiries/counts')
  @Access('enquiries', 'read')
  counts(@CurrentUser() user: StaffUser): Promise<EnquiryCounts> {
    return this.enquiriesService.counts(user);
  }

  @Get('enquiries/:id')
  @Access('enquiries', 'read')
  detail(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<EnquiryDetail> {
    return this.enquiriesService.detail(id, user);
  }

  @Patch('enquiries/:id')
  @Access('enquiries', 'read')
  update(
    @Param('id') id: string,
    @Body() body: UpdateEnquiryDto,
    @CurrentUser() user: StaffUser,
  ): Promise<EnquiryDetail> {
    return this.enquiriesService.update(id, body, user);
  }

  @Post('enquiries/:id/notes')
  @Access('enquiries', 'read')
  addNote(
    @Param('id') id: string,
    @Body() body: AddEnquiryNoteDto,
    @CurrentUser() user: StaffUser,
  ): Promise<EnquiryNote> {
    return this.enquiriesService.addNote(id, body, user);
  }

  @Post('enquiries/:id/replies')
  @Access('enquiries', 'read')
  reply(
    @Param('id') id: string,
    @Body() body: SendEnquiryReplyDto,
    @CurrentUser() user: StaffUser,
  ): Promise<EnquiryReply> {
    return this.enquiriesService.reply(id, body, user);
  }
}
