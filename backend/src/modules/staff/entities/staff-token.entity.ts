import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { StaffRole } from '@northbeam/common';

export type StaffTokenKind = 'invitation' | 'password_reset';

/** A one-use link mailed to a person: an invitation (72 hours) or a password reset (1 hour). Only the SHA-256 of the token is kept. */
@Entity('staff_tokens')
export class StaffToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 20 })
  kind: StaffTokenKind;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The role an invitation grants. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  role: StaffRole | null;

  /** The account a password reset belongs to. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ name: 'created_by_id', type: 'uuid', nullable: true })
  createdById: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
