import { inject, injectable } from 'inversify';
import { Person } from '../../domain/person/person';
import { AuthenticationFailed, Throttled } from '../shared/errors';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { AUTH_TOKENS, CredentialRepository, LoginThrottle, PasswordHasher } from './auth.ports';

// Verified against when the e-mail is unknown, so that the answer takes as long
// as for a known e-mail and does not reveal which e-mails have accounts.
const DECOY_PASSWORD = 'decoy-password-for-unknown-accounts';

export interface PasswordAttempt {
  email: string;
  password: string;
  clientAddress: string;
}

/** Checks an e-mail and password, with throttling of failures. */
@injectable()
export class PasswordVerifier {
  private decoyHash: Promise<string> | null = null;

  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(AUTH_TOKENS.CredentialRepository) private readonly credentials: CredentialRepository,
    @inject(AUTH_TOKENS.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(AUTH_TOKENS.LoginThrottle) private readonly throttle: LoginThrottle,
  ) {}

  /** The person, and the password hash now stored for them (re-hashed if it was made at another cost). */
  async verify(attempt: PasswordAttempt): Promise<{ person: Person; passwordHash: string }> {
    const wait = await this.throttle.retryAfter(attempt.email, attempt.clientAddress);
    if (wait !== null) throw new Throttled(wait);

    const person = await this.people.findByEmail(attempt.email);
    const hash = person && person.isActive ? await this.credentials.findPasswordHash(person.id) : null;
    const matches = await this.hasher.verify(attempt.password, hash ?? (await this.decoy()));
    if (!person || !hash || !matches) {
      await this.throttle.recordFailure(attempt.email, attempt.clientAddress);
      throw new AuthenticationFailed();
    }
    // Once per account after the cost goes up: this login pays for a second hash.
    if (!this.hasher.needsRehash(hash)) return { person, passwordHash: hash };
    const rehashed = await this.hasher.hash(attempt.password);
    await this.credentials.replacePasswordHash(person.id, hash, rehashed);
    return { person, passwordHash: rehashed };
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= this.hasher.hash(DECOY_PASSWORD);
    return this.decoyHash;
  }
}
