import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `cancelled`: a newsletter issue's mail whose address unsubscribed before its turn. */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

/** One mail to send, written in the same transaction as the data that caused it (docs/product.md#mail). */
@Entity('email_outbox')
export class EmailOutboxEntity {
  @PrimaryColumn('uuid')
  id: string;

  /** What the mail is, e.g. contact_notification, newsletter_confirmation. */
  @Column({ type: 'varchar', length: 40 })
  kind: string;

  @Column({ name: 'to_address', type: 'varchar', length: 254 })
  toAddress: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  @Column({ name: 'text_body', type: 'text' })
  textBody: string;

  @Column({ name: 'html_body', type: 'text' })
  htmlBody: string;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  headers: Record<string, string>;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: OutboxStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /** The newsletter issue this mail is one recipient's copy of; such a mail goes only to a confirmed subscriber. */
  @Column({ name: 'newsletter_issue_id', type: 'uuid', nullable: true })
  newsletterIssueId: string | null;
}
