import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a bearer token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues link tokens (invitations) and hashes them the same way sessions are. */
export class Sha256TokenIssuer {
  issue(): { token: string; hash: string } {
    const token = newToken();
    return { token, hash: tokenHash(token) };
  }

  hashOf(token: string): string {
    return tokenHash(token);
  }
}
