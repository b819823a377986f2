import { inject, injectable } from 'inversify';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { ProfileView, ProfileViews } from '../person/profile-views';
import { Clock, SHARED_TOKENS } from '../shared/ports';
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
  ) {}

  async execute(attempt: PasswordAttempt): Promise<LoggedIn> {
    const { person } = await this.verifier.verify(attempt);
    const now = this.clock.now();
    person.recordLogin(now);
    await this.people.save(person);
    const session = await this.sessions.start(person.id, now);
    return { profile: await this.profiles.of(person), session };
  }
}
