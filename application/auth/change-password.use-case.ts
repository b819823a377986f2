import { inject, injectable } from 'inversify';
import { passwordProblems } from '../../domain/person/password-policy';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Throttled } from '../shared/errors';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { AUTH_TOKENS, CredentialRepository, LoginThrottle, PasswordHasher, SessionStore, VerifiedCredentialCache } from './auth.ports';

export interface ChangePasswordCommand {
  currentPassword: string;
  newPassword: string;
  /** The session the request came in on, kept alive; every other one ends. */
  currentSessionToken: string | null;
  /** Where the request came from: wrong current passwords count as failed logins from there. */
  clientAddress: string;
}

@injectable()
export class ChangePassword {
  constructor(
    @inject(AUTH_TOKENS.CredentialRepository) private readonly credentials: CredentialRepository,
    @inject(AUTH_TOKENS.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(AUTH_TOKENS.SessionStore) private readonly sessions: SessionStore,
    @inject(AUTH_TOKENS.VerifiedCredentialCache) private readonly cache: VerifiedCredentialCache,
    @inject(AUTH_TOKENS.LoginThrottle) private readonly throttle: LoginThrottle,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /**
   * A wrong `current_password` is a failed login of the person's e-mail from
   * the caller's address: a stolen session cannot guess the password faster
   * than the login form allows (429 once the login throttle says so).
   */
  async execute(actor: Actor, command: ChangePasswordCommand): Promise<void> {
    const person = await this.people.findById(actor.personId);
    if (!person) throw new NotFound();
    const wait = await this.throttle.retryAfter(person.email, command.clientAddress);
    if (wait !== null) throw new Throttled(wait);
    const hash = await this.credentials.findPasswordHash(actor.personId);
    if (!hash || !(await this.hasher.verify(command.currentPassword, hash))) {
      await this.throttle.recordFailure(person.email, command.clientAddress);
      throw ValidationFailed.field('current_password', 'Your current password was entered incorrectly.');
    }
    const problems = passwordProblems(command.newPassword);
    if (problems.length > 0) throw new ValidationFailed({ new_password: problems });

    await this.credentials.setPasswordHash(actor.personId, await this.hasher.hash(command.newPassword), this.clock.now());
    this.cache.forgetPerson(actor.personId);
    await this.sessions.endAllFor(actor.personId, command.currentSessionToken ?? undefined);
  }
}
