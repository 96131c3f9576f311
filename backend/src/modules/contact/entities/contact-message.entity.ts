import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { EnquiryStatus } from '@northbeam/common';

@Entity('contact_messages')
export class ContactMessageEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  company: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  service: string | null;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'boolean' })
  consent: boolean;

  /** Where the enquiry stands in the inbox; a new message starts as `new`. */
  @Column({ type: 'varchar', length: 20, default: 'new' })
  status: EnquiryStatus;

  @Column({ name: 'assignee_id', type: 'uuid', nullable: true })
  assigneeId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
