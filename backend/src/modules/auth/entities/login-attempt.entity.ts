import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Failed sign-in counter for one account or one client address, shared by every instance. */
@Entity('login_attempts')
export class LoginAttempt {
  /** `account:<email>` or `address:<ip>`. */
  @PrimaryColumn({ type: 'varchar', length: 300 })
  key: string;

  @Column({ type: 'integer' })
  failures: number;

  @Column({ name: 'last_failure_at', type: 'timestamptz' })
  lastFailureAt: Date;

  @Column({ name: 'blocked_until', type: 'timestamptz', nullable: true })
  blockedUntil: Date | null;
}
