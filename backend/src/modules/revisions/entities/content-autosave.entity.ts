import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { RevisionKind } from '@northbeam/common';

/** What someone was typing into the editor, kept on the server: one row per piece of content and person. */
@Entity('content_autosaves')
export class ContentAutosave {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 20 })
  kind: RevisionKind;

  @Column({ name: 'entity_id', type: 'uuid' })
  entityId: string;

  @Column({ name: 'author_id', type: 'uuid' })
  authorId: string;

  @Column({ type: 'jsonb' })
  fields: Record<string, unknown>;

  @Column({ name: 'saved_at', type: 'timestamptz', default: () => 'now()' })
  savedAt: Date;
}
