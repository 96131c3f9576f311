import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ActivityAction, ActivityTargetType } from '@northbeam/common';

/** One line of the activity log: who did what, when, to which record. */
@Entity('staff_activity')
export class StaffActivity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;

  /** The staff member who acted; null for the system or an unknown person (a failed sign-in). */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  /** The actor's name when it happened, kept after the account is removed. */
  @Column({ name: 'actor_name', type: 'varchar', length: 200, nullable: true })
  actorName: string | null;

  @Column({ type: 'varchar', length: 60 })
  action: ActivityAction;

  @Column({ name: 'target_type', type: 'varchar', length: 30, nullable: true })
  targetType: ActivityTargetType | null;

  @Column({ name: 'target_id', type: 'varchar', length: 100, nullable: true })
  targetId: string | null;

  @Column({ name: 'target_label', type: 'varchar', length: 300, nullable: true })
  targetLabel: string | null;
}
