import { ArrayMaxSize, IsArray, IsIn } from 'class-validator';
import { notificationKinds, notificationMessages, type NotificationKind } from '@northbeam/common';
import { IsListPage } from '../../../core/validation/list-query.decorators.js';

/** Query of GET /api/admin/notifications. */
export class NotificationsQueryDto {
  @IsListPage()
  page?: number;
}

/** Body of PUT /api/admin/account/notifications: the kinds to turn off (every other kind is on). */
export class NotificationPreferencesDto {
  @IsArray({ message: notificationMessages.kindInvalid })
  @ArrayMaxSize(notificationKinds.length, { message: notificationMessages.kindInvalid })
  @IsIn(notificationKinds, { each: true, message: notificationMessages.kindInvalid })
  off: NotificationKind[];
}
