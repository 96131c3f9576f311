import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import type { ApiToken, CreatedApiToken, ListPage, StaffUser } from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { ApiTokensService } from './api-tokens.service.js';
import { CreateApiTokenDto } from './dto/api-tokens.dto.js';
import { PageQueryDto } from '../../core/validation/list-query.decorators.js';

/** API tokens (docs/product.md#api-tokens): super admins only, and never through a token. */
@Controller('admin/api-tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get()
  @Access('api-tokens', 'all')
  list(@Query() query: PageQueryDto): Promise<ListPage<ApiToken>> {
    return this.tokens.list(query.page ?? 1);
  }

  @Post()
  @Access('api-tokens', 'all')
  create(@Body() body: CreateApiTokenDto, @CurrentUser() user: StaffUser): Promise<CreatedApiToken> {
    return this.tokens.create(body, user);
  }

  @Post(':id/revoke')
  @Access('api-tokens', 'all')
  @HttpCode(HttpStatus.OK)
  revoke(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<{ message: string; apiToken: ApiToken }> {
    return this.tokens.revoke(id, user);
  }
}
