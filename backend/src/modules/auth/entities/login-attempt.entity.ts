import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Failed sign-in counter for one account or one client address, shared by every instance. */
@Entity('login_attempts')
export class LoginAttempt {
  /** SHA-256 (hex) of `account:<email>` or `address:<ip>`: a fixed length whatever the client sent. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'integer' })
  failures: number;

  @Column({ name: 'last_failure_at', type: 'timestamptz' })
  lastFailureAt: Date;

  @Column({ name: 'blocked_until', type: 'timestamptz', nullable: true })
  blockedUntil: Date | null;
}
