import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { StaffRole } from '@northbeam/common';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored lower-cased and trimmed. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 20 })
  role: StaffRole;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash: string;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @Column({ name: 'last_sign_in_at', type: 'timestamptz', nullable: true })
  lastSignInAt: Date | null;

  /** The TOTP secret, encrypted with a key derived from SESSION_SECRET; null until enrolled. */
  @Column({ name: 'two_factor_secret', type: 'varchar', length: 255, nullable: true, select: false })
  twoFactorSecret: string | null;

  /** A secret shown at setup and not yet confirmed with a code (encrypted as above). */
  @Column({ name: 'two_factor_pending_secret', type: 'varchar', length: 255, nullable: true, select: false })
  twoFactorPendingSecret: string | null;

  @Column({ name: 'two_factor_enabled_at', type: 'timestamptz', nullable: true })
  twoFactorEnabledAt: Date | null;

  /** The TOTP time-step of the last accepted code: a code of that step or earlier is refused (no replay). */
  @Column({
    name: 'two_factor_last_step',
    type: 'bigint',
    nullable: true,
    select: false,
    transformer: {
      to: (value: number | null) => value,
      from: (value: string | null) => (value === null ? null : Number(value)),
    },
  })
  twoFactorLastStep: number | null;

  /** Sessions signed in before this moment are over ("sign out everywhere", password reset, disabling). */
  @Column({ name: 'sessions_revoked_at', type: 'timestamptz', nullable: true })
  sessionsRevokedAt: Date | null;

  /** The team member this account writes as (docs/product.md#team), or null. */
  @Column({ name: 'team_member_id', type: 'varchar', length: 100, nullable: true })
  teamMemberId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
