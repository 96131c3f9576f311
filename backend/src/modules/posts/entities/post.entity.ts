import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { PostSection, PostStatus } from '@northbeam/common';
import { MediaEntity } from '../../media/entities/media.entity.js';

@Entity('posts')
export class Post {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 20 })
  section: PostSection;

  @Column({ type: 'varchar', length: 100 })
  slug: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 500 })
  excerpt: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'varchar', length: 20 })
  status: PostStatus;

  /** Team member id (common/src/team.ts), not a staff account. */
  @Column({ name: 'author_id', type: 'varchar', length: 100, nullable: true })
  authorId: string | null;

  @Column({ name: 'author_name', type: 'varchar', length: 200, nullable: true })
  authorName: string | null;

  @Column({ name: 'author_credentials', type: 'varchar', length: 200, nullable: true })
  authorCredentials: string | null;

  @Column({ name: 'author_bio', type: 'varchar', length: 500, nullable: true })
  authorBio: string | null;

  @Column({ type: 'jsonb' })
  tags: string[];

  @Column({ name: 'meta_description', type: 'varchar', length: 160, nullable: true })
  metaDescription: string | null;

  @Column({ name: 'custom_meta_tags', type: 'text', nullable: true })
  customMetaTags: string | null;

  @Column({ name: 'word_count', type: 'integer' })
  wordCount: number;

  @Column({ name: 'reading_time', type: 'integer' })
  readingTime: number;

  /** The staff account that created the post (consultants may edit only their own drafts). */
  @Column({ name: 'created_by_id', type: 'uuid', nullable: true })
  createdById: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @Column({ name: 'revision_date', type: 'timestamptz', nullable: true })
  revisionDate: Date | null;

  /** The feature image from the media library (docs/product.md#media); an image in use cannot be deleted. */
  @Column({ name: 'feature_image_id', type: 'uuid', nullable: true })
  featureImageId: string | null;

  @ManyToOne(() => MediaEntity, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'feature_image_id' })
  featureImage?: MediaEntity | null;
  /** When a scheduled post goes live; null unless the status is scheduled (docs/product.md#publishing). */
  @Column({ name: 'publish_at', type: 'timestamptz', nullable: true })
  publishAt: Date | null;

  /** The note of the last send-back to the author; cleared when the post is submitted for review again. */
  @Column({ name: 'review_note', type: 'text', nullable: true })
  reviewNote: string | null;

  /** Where an imported post came from (`wordpress`, `ghost`) and its id there (docs/import.md); null for posts written here. */
  @Column({ name: 'import_source', type: 'varchar', length: 20, nullable: true })
  importSource?: string | null;

  @Column({ name: 'import_source_id', type: 'varchar', length: 300, nullable: true })
  importSourceId?: string | null;
}
