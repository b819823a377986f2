import { ActiveSession, CredentialRepository, MAX_SESSIONS_PER_PERSON, SessionStore, StartedSession } from '../../../application/auth/auth.ports';
import { Prereads } from '../../../application/shared/preread';
import { newToken, tokenHash } from '../../security/tokens';

export class InMemoryCredentialRepository implements CredentialRepository {
  private readonly hashes = new Map<string, string>();

  async findPasswordHash(personId: string): Promise<string | null> {
    return this.hashes.get(personId) ?? null;
  }

  /** Nothing is read along: the use cases read it themselves. */
  async findPasswordHashWith(personId: string): Promise<{ passwordHash: string | null; prereads: Prereads }> {
    return { passwordHash: await this.findPasswordHash(personId), prereads: {} };
  }

  async setPasswordHash(personId: string, hash: string): Promise<void> {
    this.hashes.set(personId, hash);
  }

  async replacePasswordHash(personId: string, current: string, replacement: string): Promise<void> {
    if (this.hashes.get(personId) === current) this.hashes.set(personId, replacement);
  }
}

export class InMemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, ActiveSession>();

  constructor(private readonly lifetimeSeconds: number) {}

  async start(personId: string, now: Date): Promise<StartedSession> {
    const token = newToken();
    const session = { personId, csrfToken: newToken(), expiresAt: new Date(now.getTime() + this.lifetimeSeconds * 1000) };
    this.sessions.set(tokenHash(token), session);
    // A Map keeps insertion order: the person's first entries are their oldest sessions.
    const theirs = [...this.sessions].filter(([, s]) => s.personId === personId);
    for (const [hash] of theirs.slice(0, Math.max(0, theirs.length - MAX_SESSIONS_PER_PERSON))) this.sessions.delete(hash);
    return { token, ...session };
  }

  async resolve(token: string, now: Date): Promise<ActiveSession | null> {
    const session = this.sessions.get(tokenHash(token));
    return session && session.expiresAt.getTime() > now.getTime() ? { ...session } : null;
  }

  async end(token: string): Promise<void> {
    this.sessions.delete(tokenHash(token));
  }

  async endAllFor(personId: string, keepToken?: string): Promise<void> {
    const keep = keepToken ? tokenHash(keepToken) : null;
    for (const [hash, session] of this.sessions) if (session.personId === personId && hash !== keep) this.sessions.delete(hash);
  }
}
