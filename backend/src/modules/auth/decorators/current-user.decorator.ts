import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { StaffIdentity } from '@northbeam/common';

/** The staff member that StaffGuard found for this request. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): StaffIdentity => context.switchToHttp().getRequest<{ staffUser: StaffIdentity }>().staffUser,
);
