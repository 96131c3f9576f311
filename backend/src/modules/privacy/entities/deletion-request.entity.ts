import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { DeletionRequestStatus, PrivacyRequestType } from '@northbeam/common';

/**
 * A privacy request: a data deletion or an access request (docs/product.md#data-deletion,
 * #privacy-requests); the table keeps its first name. `email` is cleared when a deletion is completed.
 */
@Entity('deletion_requests')
export class DeletionRequest {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'request_id', type: 'varchar', length: 32, unique: true })
  requestId: string;

  @Column({ type: 'varchar', length: 320, nullable: true })
  email: string | null;

  @Column({ name: 'email_hash', type: 'char', length: 64 })
  emailHash: string;

  @Column({ name: 'request_type', type: 'varchar', length: 32 })
  requestType: PrivacyRequestType;

  @Column({ type: 'varchar', length: 500, nullable: true })
  reason: string | null;

  @Column({ name: 'visitor_id', type: 'varchar', length: 64, nullable: true })
  visitorId: string | null;

  @Column({ type: 'varchar', length: 16, default: 'received' })
  status: DeletionRequestStatus;

  @Column({ name: 'verification_token_hash', type: 'char', length: 64, nullable: true })
  verificationTokenHash: string | null;

  @Column({ name: 'verification_expires_at', type: 'timestamptz', nullable: true })
  verificationExpiresAt: Date | null;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;

  @Column({ name: 'deadline_at', type: 'timestamptz' })
  deadlineAt: Date;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  @Column({ name: 'rejected_at', type: 'timestamptz', nullable: true })
  rejectedAt: Date | null;

  @Column({ name: 'rejection_reason', type: 'varchar', length: 1000, nullable: true })
  rejectionReason: string | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'completion_note', type: 'varchar', length: 2000, nullable: true })
  completionNote: string | null;

  @Column({ name: 'extended_at', type: 'timestamptz', nullable: true })
  extendedAt: Date | null;

  @Column({ name: 'extension_reason', type: 'varchar', length: 1000, nullable: true })
  extensionReason: string | null;
}
