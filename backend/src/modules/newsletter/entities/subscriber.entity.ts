import { Column, Entity, PrimaryColumn } from 'typeorm';

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** A newsletter address. Unsubscribed rows stay as the record not to mail that address again. */
@Entity('subscribers')
export class SubscriberEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ type: 'varchar', length: 20 })
  status: SubscriberStatus;

  @Column({ type: 'varchar', length: 40, nullable: true })
  source: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  page: string | null;

  /** SHA-256 of the confirmation token; the token itself exists only in the mail. */
  @Column({ name: 'confirm_token_hash', type: 'char', length: 64, nullable: true })
  confirmTokenHash: string | null;

  @Column({ name: 'confirmation_sent_at', type: 'timestamptz', nullable: true })
  confirmationSentAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  @Column({ name: 'unsubscribed_at', type: 'timestamptz', nullable: true })
  unsubscribedAt: Date | null;
}
