import type { CaseStudyImage, CaseStudyMetric, CaseStudyStatus } from '@northbeam/common';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A case study (docs/product.md#case-studies). Column names keep the API's snake_case field names. */
@Entity({ name: 'case_studies' })
export class CaseStudyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 100, unique: true })
  slug!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  summary!: string;

  @Column({ name: 'hero_image', type: 'varchar', length: 500 })
  hero_image!: string;

  @Column({ type: 'varchar', length: 200 })
  client!: string;

  @Column({ type: 'varchar', length: 100 })
  sector!: string;

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  services!: string[];

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  tech!: string[];

  /** Calendar date of the engagement, `YYYY-MM-DD`. */
  @Column({ type: 'date' })
  date!: string;

  @Column({ name: 'problem_md', type: 'text' })
  problem_md!: string;

  @Column({ name: 'approach_md', type: 'text' })
  approach_md!: string;

  @Column({ name: 'solution_md', type: 'text' })
  solution_md!: string;

  @Column({ name: 'outcomes_md', type: 'text' })
  outcomes_md!: string;

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  metrics!: CaseStudyMetric[];

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  gallery!: CaseStudyImage[];

  @Column({ type: 'jsonb' })
  cta!: { label: string; href: string };

  @Column({ type: 'jsonb' })
  seo!: { title: string; description: string; image: string };

  @Column({ type: 'varchar', length: 500, nullable: true })
  link!: string | null;

  /** A draft is shown to staff only: never on a public page, list, sitemap or image. */
  @Column({ type: 'varchar', length: 20, default: 'published' })
  status!: CaseStudyStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
