import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { StaffUser } from '@northbeam/common';

/** The staff member that AccessGuard found for this request. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): StaffUser =>
    context.switchToHttp().getRequest<{ staffUser: StaffUser }>().staffUser,
);
