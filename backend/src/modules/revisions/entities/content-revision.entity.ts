import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { RevisionKind } from '@northbeam/common';

/** One saved state of a piece of content: every field the save wrote, who saved it and when. */
@Entity('content_revisions')
export class ContentRevision {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 20 })
  kind: RevisionKind;

  @Column({ name: 'entity_id', type: 'uuid' })
  entityId: string;

  @Column({ type: 'jsonb' })
  fields: Record<string, unknown>;

  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId: string | null;

  /** The saver's name when they saved, kept after the account is removed. */
  @Column({ name: 'author_name', type: 'varchar', length: 200, nullable: true })
  authorName: string | null;

  /** The revision whose fields this save restored. */
  @Column({ name: 'restored_from_id', type: 'uuid', nullable: true })
  restoredFromId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
