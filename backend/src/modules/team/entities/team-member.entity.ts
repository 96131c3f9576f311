import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A team member (docs/product.md#team). The seven seeded members keep their slugs as ids. */
@Entity({ name: 'team_members' })
export class TeamMemberEntity {
  @PrimaryColumn({ type: 'varchar', length: 100, default: () => 'gen_random_uuid()::text' })
  id!: string;

  @Column({ type: 'varchar', length: 100, unique: true })
  slug!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 100 })
  role!: string;

  @Column({ name: 'strip_role', type: 'varchar', length: 100 })
  stripRole!: string;

  @Column({ type: 'varchar', length: 500 })
  bio!: string;

  @Column({ name: 'full_bio', type: 'text' })
  fullBio!: string;

  @Column({ type: 'varchar', length: 300 })
  linkedin!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  avatar!: string | null;

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  expertise!: string[];

  @Column({ type: 'integer' })
  position!: number;

  @Column({ name: 'in_strip', type: 'boolean', default: true })
  inStrip!: boolean;

  @Column({ type: 'boolean', default: false })
  hidden!: boolean;

  /** Slugs this member had before: their old addresses redirect to the current one. */
  @Column({ name: 'former_slugs', type: 'jsonb', default: () => `'[]'::jsonb` })
  formerSlugs!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
