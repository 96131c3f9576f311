import { SetMetadata } from '@nestjs/common';
import type { AreaPermission, StaffArea } from '@northbeam/common';

/**
 * What a route demands. Every controller route declares one; AccessGuard refuses a route without
 * one (deny by default), so a forgotten decorator closes a route instead of opening it.
 */
export type AccessRule =
  | { kind: 'public' }
  /** Any signed-in staff member; `duringTwoFactorSetup` keeps it open while enrolment is still owed. */
  | { kind: 'signed-in'; duringTwoFactorSetup: boolean }
  /** The role's permission in the area must satisfy `level` (the table in common/src/staff.ts). */
  | { kind: 'area'; area: StaffArea; level: Exclude<AreaPermission, 'none'> };

export const ACCESS_RULE = 'northbeam:access-rule';

/** Open to anyone, signed in or not. */
export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);

/** Any signed-in staff member, whatever their role. */
export const SignedIn = (options: { duringTwoFactorSetup?: boolean } = {}) =>
  SetMetadata(ACCESS_RULE, {
    kind: 'signed-in',
    duringTwoFactorSetup: options.duringTwoFactorSetup ?? false,
  } satisfies AccessRule);

/** Staff whose permission in `area` meets `level`: `@Access('staff', 'read')`, `@Access('posts', 'own')`. */
export const Access = (area: StaffArea, level: Exclude<AreaPermission, 'none'>) =>
  SetMetadata(ACCESS_RULE, { kind: 'area', area, level } satisfies AccessRule);
