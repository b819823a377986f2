import { inject, injectable } from 'inversify';
import { passwordProblems } from '../../domain/person/password-policy';
import { ValidationFailed } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { AUTH_TOKENS, CredentialRepository, PasswordHasher, SessionStore, VerifiedCredentialCache } from './auth.ports';
import { PasswordConfirmation } from './password-confirmation';

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
    @inject(PasswordConfirmation) private readonly confirmation: PasswordConfirmation,
    @inject(AUTH_TOKENS.CredentialRepository) private readonly credentials: CredentialRepository,
    @inject(AUTH_TOKENS.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(AUTH_TOKENS.SessionStore) private readonly sessions: SessionStore,
    @inject(AUTH_TOKENS.VerifiedCredentialCache) private readonly cache: VerifiedCredentialCache,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** The current password first (`PasswordConfirmation`: a wrong one counts as a failed login). */
  async execute(actor: Actor, command: ChangePasswordCommand): Promise<void> {
    await this.confirmation.confirm(actor.personId, command.currentPassword, command.clientAddress);
    const problems = passwordProblems(command.newPassword);
    if (problems.length > 0) throw new ValidationFailed({ new_password: problems });

    await this.credentials.setPasswordHash(actor.personId, await this.hasher.hash(command.newPassword), this.clock.now());
    this.cache.forgetPerson(actor.personId);
    await this.sessions.endAllFor(actor.personId, command.currentSessionToken ?? undefined);
  }
}
