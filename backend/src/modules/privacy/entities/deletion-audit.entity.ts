import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Proof of what happened to a request: the address only as a keyed hash, never in clear. */
@Entity('deletion_audit')
export class DeletionAudit {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'request_id', type: 'varchar', length: 32 })
  requestId: string;

  @Column({ name: 'email_hash', type: 'char', length: 64 })
  emailHash: string;

  @Column({ type: 'varchar', length: 32 })
  action: string;

  /** The staff member's id or e-mail, `system` for scheduled tasks, null for the requester. */
  @Column({ type: 'varchar', length: 320, nullable: true })
  actor: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  details: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
