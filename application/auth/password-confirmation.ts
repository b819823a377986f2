import { inject, injectable } from 'inversify';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { Person } from '../../domain/person/person';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Throttled } from '../shared/errors';
import { AUTH_TOKENS, CredentialRepository, LoginThrottle, PasswordHasher } from './auth.ports';

/**
 * The caller proves they know their password before something that cannot be
 * taken back lightly (changing it, handing an organisation over, closing one).
 * A wrong `current_password` is a failed login of the person's e-mail from the
 * caller's address: a stolen session cannot guess the password faster than
 * the login form allows (429 once the login throttle says so).
 */
@injectable()
export class PasswordConfirmation {
  constructor(
    @inject(AUTH_TOKENS.CredentialRepository) private readonly credentials: CredentialRepository,
    @inject(AUTH_TOKENS.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(AUTH_TOKENS.LoginThrottle) private readonly throttle: LoginThrottle,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
  ) {}

  /** The person, once `password` is theirs; else a 400 on `current_password` (or 429). */
  async confirm(personId: string, password: string, clientAddress: string): Promise<Person> {
    const person = await this.people.findById(personId);
    if (!person) throw new NotFound();
    const wait = await this.throttle.retryAfter(person.email, clientAddress);
    if (wait !== null) throw new Throttled(wait);
    const hash = await this.credentials.findPasswordHash(personId);
    if (!hash || !(await this.hasher.verify(password, hash))) {
      await this.throttle.recordFailure(person.email, clientAddress);
      throw ValidationFailed.field('current_password', 'Your current password was entered incorrectly.');
    }
    return person;
  }
}
