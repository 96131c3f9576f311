import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import type {
  ListPage,
  StaffUser,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { SaveWebhookEndpointDto } from './dto/webhook.dto.js';
import { PageQueryDto } from '../../core/validation/list-query.decorators.js';
import { WebhooksService } from './webhooks.service.js';

/** `/admin/webhooks` (docs/webhooks.md): admins and super admins; nobody else sees the area. */
@Controller('admin/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @Access('webhooks', 'all')
  list(@Query() query: PageQueryDto, @CurrentUser() user: StaffUser): Promise<ListPage<WebhookEndpoint>> {
    return this.webhooks.list(query.page ?? 1, user);
  }

  @Post()
  @Access('webhooks', 'all')
  create(@Body() dto: SaveWebhookEndpointDto, @CurrentUser() user: StaffUser): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.create(dto, user);
  }

  @Get(':id')
  @Access('webhooks', 'all')
  find(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<WebhookEndpoint> {
    return this.webhooks.find(id, user);
  }

  @Put(':id')
  @Access('webhooks', 'all')
  update(
    @Param('id') id: string,
    @Body() dto: SaveWebhookEndpointDto,
    @CurrentUser() user: StaffUser,
  ): Promise<WebhookEndpoint> {
    return this.webhooks.update(id, dto, user);
  }

  @Delete(':id')
  @Access('webhooks', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async delete(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.webhooks.delete(id, user);
  }

  @Post(':id/rotate-secret')
  @Access('webhooks', 'all')
  @HttpCode(HttpStatus.OK)
  rotateSecret(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.rotateSecret(id, user);
  }

  @Post(':id/pause')
  @Access('webhooks', 'all')
  @HttpCode(HttpStatus.OK)
  pause(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<WebhookEndpoint> {
    return this.webhooks.pause(id, user);
  }

  @Post(':id/resume')
  @Access('webhooks', 'all')
  @HttpCode(HttpStatus.OK)
  resume(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<WebhookEndpoint> {
    return this.webhooks.resume(id, user);
  }

  @Post(':id/test')
  @Access('webhooks', 'all')
  @HttpCode(HttpStatus.ACCEPTED)
  sendTest(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<WebhookEndpoint> {
    return this.webhooks.sendTest(id, user);
  }

  @Get(':id/deliveries')
  @Access('webhooks', 'all')
  deliveries(
    @Param('id') id: string,
    @Query() query: PageQueryDto,
    @CurrentUser() user: StaffUser,
  ): Promise<ListPage<WebhookDelivery>> {
    return this.webhooks.deliveries(id, query.page ?? 1, user);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @Access('webhooks', 'all')
  @HttpCode(HttpStatus.ACCEPTED)
  redeliver(
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
    @CurrentUser() user: StaffUser,
  ): Promise<WebhookDelivery> {
    return this.webhooks.redeliver(id, deliveryId, user);
  }
}
