import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets the server must read back at rest (AES-256-GCM) with a key derived from
 * SESSION_SECRET, one key per purpose, so that a copy of the database alone does not yield them:
 * the TOTP secrets of two-factor sign-in, the signing secrets of webhook endpoints. Changing
 * SESSION_SECRET makes stored secrets unreadable: two-factor accounts then need
 * `npm run admin -- reset-2fa`, webhook endpoints a new secret ("Rotate secret").
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(sessionSecret: string, purpose: 'totp-secret-v1' | 'webhook-secret-v1' = 'totp-secret-v1') {
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, 'northbeam-staff', purpose, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      sealed.toString('base64url'),
    ].join(':');
  }

  /** The plain text, or null when the value was not sealed with this key (or was tampered with). */
  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || !body) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
