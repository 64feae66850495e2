import { hash, randomBytes } from 'node:crypto';

/** 32 random bytes; only their SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Once a request (the session's lookup): the one-shot `hash` is cheaper than making a `createHash` object. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
