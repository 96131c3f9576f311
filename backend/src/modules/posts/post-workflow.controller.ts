import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import type { AdminPost, PostWorkflowCounts, StaffUser } from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { SendBackPostDto } from './dto/send-back-post.dto.js';
import { PostReviewService } from './post-review.service.js';

/**
 * The review queue's calls beside the post saves (docs/product.md#publishing). Registered before
 * AdminPostsController, so that `workflow-counts` is not read as a post id.
 */
@Controller('admin/posts')
export class PostWorkflowController {
  constructor(private readonly review: PostReviewService) {}

  @Get('workflow-counts')
  @Access('posts', 'read')
  counts(): Promise<PostWorkflowCounts> {
    return this.review.counts();
  }

  @Post(':id/send-back')
  @Access('posts', 'all')
  @HttpCode(HttpStatus.OK)
  sendBack(@Param('id') id: string, @Body() dto: SendBackPostDto, @CurrentUser() user: StaffUser): Promise<AdminPost> {
    return this.review.sendBack(id, dto, user);
  }
}
