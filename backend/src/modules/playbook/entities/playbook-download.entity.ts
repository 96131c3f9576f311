import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('playbook_downloads')
export class PlaybookDownloadEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The page the widget was on, e.g. /consulting. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  page: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
