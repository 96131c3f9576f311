import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { MediaFormat } from '@northbeam/common';

/** An image of the media library. Its bytes live in the media storage, not in this row. */
@Entity('media')
export class MediaEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The name it was uploaded with (shown in the library, searched). */
  @Column({ type: 'varchar', length: 200 })
  filename: string;

  @Column({ type: 'varchar', length: 300 })
  alt: string;

  /** Read from the bytes, never from the name. */
  @Column({ type: 'varchar', length: 10 })
  format: MediaFormat;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  /** Bytes of the stored original (metadata stripped). */
  @Column({ type: 'integer' })
  size: number;

  @Column({ name: 'uploaded_by_id', type: 'uuid', nullable: true })
  uploadedById: string | null;

  @Column({ name: 'uploaded_by_name', type: 'varchar', length: 200, nullable: true })
  uploadedByName: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
