import { inject, injectable } from 'inversify';
import { passwordProblems } from '../../domain/person/password-policy';
import { ValidationFailed } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { AUTH_TOKENS, CredentialRepository, PasswordHasher, SessionStore, VerifiedCredentialCache } from './auth.ports';

export interface ChangePasswordCommand {
  currentPassword: string;
  newPassword: string;
  /** The session the request came in on, kept alive; every other one ends. */
  currentSessionToken: string | null;
}

@injectable()
export class ChangePassword {
  constructor(
    @inject(AUTH_TOKENS.CredentialRepository) private readonly credentials: CredentialRepository,
    @inject(AUTH_TOKENS.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(AUTH_TOKENS.SessionStore) private readonly sessions: SessionStore,
    @inject(AUTH_TOKENS.VerifiedCredentialCache) private readonly cache: VerifiedCredentialCache,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, command: ChangePasswordCommand): Promise<void> {
    const hash = await this.credentials.findPasswordHash(actor.personId);
    if (!hash || !(await this.hasher.verify(command.currentPassword, hash))) {
      throw ValidationFailed.field('current_password', 'Your current password was entered incorrectly.');
    }
    const problems = passwordProblems(command.newPassword);
    if (problems.length > 0) throw new ValidationFailed({ new_password: problems });

    await this.credentials.setPasswordHash(actor.personId, await this.hasher.hash(command.newPassword), this.clock.now());
    this.cache.forgetPerson(actor.personId);
    await this.sessions.endAllFor(actor.personId, command.currentSessionToken ?? undefined);
  }
}
