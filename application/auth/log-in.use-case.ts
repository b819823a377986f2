import { inject, injectable } from 'inversify';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { ProfileView, ProfileViews } from '../person/profile-views';
import { AuthenticationFailed } from '../shared/errors';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { AUTH_TOKENS, SessionStore, StartedSession } from './auth.ports';
import { PasswordAttempt, PasswordVerifier } from './password-verifier';

export interface LoggedIn {
  profile: ProfileView;
  session: StartedSession;
}

/** E-mail and password in, a new server-side session out. */
@injectable()
export class LogIn {
  constructor(
    @inject(PasswordVerifier) private readonly verifier: PasswordVerifier,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(AUTH_TOKENS.SessionStore) private readonly sessions: SessionStore,
    @inject(ProfileViews) private readonly profiles: ProfileViews,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(attempt: PasswordAttempt): Promise<LoggedIn> {
    const { person: verified } = await this.verifier.verify(attempt);
    const now = this.clock.now();
    // The login is recorded on the person as stored now, read locked: the row read before the password's hash
    // ran (a good part of a second) would write back over whatever another session changed meanwhile.
    const person = await this.unitOfWork.transaction(async () => {
      const current = await this.people.findById(verified.id, { forUpdate: true });
      if (!current || !current.isActive) throw new AuthenticationFailed();
      current.recordLogin(now);
      await this.people.save(current);
      return current;
    });
    const session = await this.sessions.start(person.id, now);
    return { profile: await this.profiles.of(person), session };
  }
}
