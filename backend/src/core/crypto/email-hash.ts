import { createHmac } from 'node:crypto';

/**
 * Keyed SHA-256 of a normalised address (trimmed, lower case): what the deletion audit and the
 * suppression list keep instead of the address. Keyed with the session secret, so that a leaked
 * table cannot be matched against a list of addresses.
 */
export function emailHash(secret: string, email: string): string {
  return createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('hex');
}
