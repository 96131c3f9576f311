import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, one lane. */
// Algorithm is an ambient const enum (isolatedModules cannot read it): 2 is Argon2id.
const argon2Options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export { passwordProblem } from '@northbeam/common';

/** A strong random password (about 144 bits), readable enough to type once. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
