import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import type { NotificationPage, NotificationPreferences, StaffUser } from '@northbeam/common';
import { SignedIn } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { NotificationPreferencesDto, NotificationsQueryDto } from './dto/notifications.dto.js';
import { NotificationsService } from './notifications.service.js';

/** The bell of the admin bar and each person's choice of notifications: always one's own. */
@Controller('admin')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('notifications')
  @SignedIn()
  list(@Query() query: NotificationsQueryDto, @CurrentUser() user: StaffUser): Promise<NotificationPage> {
    return this.notifications.page(user, query.page ?? 1);
  }

  @Post('notifications/read')
  @SignedIn()
  @HttpCode(HttpStatus.NO_CONTENT)
  async readAll(@CurrentUser() user: StaffUser): Promise<void> {
    await this.notifications.markAllRead(user);
  }

  @Post('notifications/:id/read')
  @SignedIn()
  @HttpCode(HttpStatus.NO_CONTENT)
  async read(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.notifications.markRead(id, user);
  }

  @Get('account/notifications')
  @SignedIn()
  preferences(@CurrentUser() user: StaffUser): Promise<NotificationPreferences> {
    return this.notifications.preferences(user);
  }

  @Put('account/notifications')
  @SignedIn()
  setPreferences(
    @Body() body: NotificationPreferencesDto,
    @CurrentUser() user: StaffUser,
  ): Promise<NotificationPreferences> {
    return this.notifications.setPreferences(body.off, user);
  }
}
