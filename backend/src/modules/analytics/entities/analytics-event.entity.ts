import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type AnalyticsPropertyValue = string | number | boolean | null;

/** One first-party analytics event. No IP address is ever stored. */
@Entity('analytics_events')
export class AnalyticsEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 64 })
  event: string;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  properties: Record<string, AnalyticsPropertyValue>;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  path: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  referrer: string | null;

  /** Only with analytics consent. */
  @Column({ name: 'visitor_id', type: 'varchar', length: 64, nullable: true })
  visitorId: string | null;

  /** The visit (analytics_visits) the event belongs to; none for a refused visitor's consent choice. */
  @Column({ name: 'visit_id', type: 'bigint', nullable: true })
  visitId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
