import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { Preread } from '../shared/preread';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { AUTH_TOKENS, basicCredentialText, CredentialRepository, SessionStore, VerifiedCredentialCache } from './auth.ports';
import { PasswordAttempt, PasswordVerifier } from './password-verifier';

export interface SessionActor extends Actor {
  csrfToken: string;
}

/**
 * Resolves the credentials of a request to the acting person: HTTP Basic
 * (remembered briefly once verified) or a server-side session.
 */
@injectable()
export class Authenticate {
  /** Verifications under way, by credentials: held only while one runs. */
  private readonly verifying = new Map<string, Promise<string>>();

  constructor(
    @inject(PasswordVerifier) private readonly verifier: PasswordVerifier,
    @inject(AUTH_TOKENS.VerifiedCredentialCache) private readonly cache: VerifiedCredentialCache,
    @inject(AUTH_TOKENS.SessionStore) private readonly sessions: SessionStore,
    @inject(AUTH_TOKENS.CredentialRepository) private readonly credentials: CredentialRepository,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** `preread`: what the request reads first, read with the stored hash where the storage can. */
  async withPassword(attempt: PasswordAttempt, preread?: Preread): Promise<Actor> {
    const now = this.clock.now();
    const presented = basicCredentialText(attempt.email, attempt.password);
    const remembered = this.cache.lookup(presented, now);
    if (remembered) {
      // The password may have changed on another instance: the stored hash decides, on every request.
      const stored = preread
        ? await this.credentials.findPasswordHashWith(remembered.personId, preread)
        : { passwordHash: await this.credentials.findPasswordHash(remembered.personId), prereads: undefined };
      if (stored.passwordHash === remembered.storedHash) return { personId: remembered.personId, preread: stored.prereads };
      this.cache.forgetPerson(remembered.personId);
    }
    // Requests that arrive together with the same credentials (a client's
    // first burst, or all of them when the remembered entry expires) share
    // one verification instead of each paying for scrypt.
    let verifying = this.verifying.get(presented);
    if (!verifying) {
      verifying = this.verifier.verify(attempt).then(({ person, passwordHash }) => {
        this.cache.remember(presented, { personId: person.id, storedHash: passwordHash }, now);
        return person.id;
      });
      this.verifying.set(presented, verifying);
      void verifying.catch(() => undefined).finally(() => this.verifying.delete(presented));
    }
    return { personId: await verifying };
  }

  /** The session's person, or null when the token is unknown or expired. */
  async withSession(token: string, preread?: Preread): Promise<SessionActor | null> {
    const session = await this.sessions.resolve(token, this.clock.now(), preread);
    return session ? { personId: session.personId, csrfToken: session.csrfToken, preread: session.prereads } : null;
  }
}
