import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { NewsletterIssueStatus } from '@northbeam/common';

/**
 * A newsletter issue: written as a draft, sent once. Its recipients are snapshotted into
 * `newsletter_issue_recipients` when the send starts and become outbox rows in batches.
 */
@Entity('newsletter_issues')
export class NewsletterIssueEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  preheader: string;

  /** Markdown. */
  @Column({ type: 'text' })
  body: string;

  @Column({ name: 'source_post_id', type: 'uuid', nullable: true })
  sourcePostId: string | null;

  @Column({ type: 'varchar', length: 20, default: 'draft' })
  status: NewsletterIssueStatus;

  @Column({ name: 'recipient_count', type: 'integer', nullable: true })
  recipientCount: number | null;

  @Column({ name: 'created_by_id', type: 'uuid', nullable: true })
  createdById: string | null;

  @Column({ name: 'created_by_name', type: 'varchar', length: 200, nullable: true })
  createdByName: string | null;

  @Column({ name: 'sent_by_id', type: 'uuid', nullable: true })
  sentById: string | null;

  @Column({ name: 'sent_by_name', type: 'varchar', length: 200, nullable: true })
  sentByName: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}
