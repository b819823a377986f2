import { inject, injectable } from 'inversify';
import { passwordProblems } from '../../domain/person/password-policy';
import { Person } from '../../domain/person/person';
import { FieldErrors, ValidationFailed } from '../../domain/shared/errors';
import { FoundOrganisationService } from '../organisation/found-organisation';
import { OrganisationView, OrganisationViews } from '../organisation/organisation-views';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { ProfileView, ProfileViews } from '../person/profile-views';
import { Clock, IdGenerator, RateLimit, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { AUTH_TOKENS, CredentialRepository, PasswordHasher, SessionStore, StartedSession } from './auth.ports';

export interface SignUpCommand {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  organisationName: string;
  /** Where the request came from: new accounts are limited per client address. */
  clientAddress: string;
}

export interface SignedUp {
  profile: ProfileView;
  organisation: OrganisationView;
  session: StartedSession;
}

/** A new user and the organisation they found, of which they become the owner. */
@injectable()
export class SignUp {
  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(AUTH_TOKENS.CredentialRepository) private readonly credentials: CredentialRepository,
    @inject(AUTH_TOKENS.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(AUTH_TOKENS.SessionStore) private readonly sessions: SessionStore,
    @inject(FoundOrganisationService) private readonly founder: FoundOrganisationService,
    @inject(ProfileViews) private readonly profiles: ProfileViews,
    @inject(OrganisationViews) private readonly organisationViews: OrganisationViews,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(AUTH_TOKENS.NewAccountLimit) private readonly newAccounts: RateLimit,
  ) {}

  async execute(command: SignUpCommand): Promise<SignedUp> {
    await this.newAccounts.take(command.clientAddress);
    const problems = passwordProblems(command.password);
    if (problems.length > 0) throw new ValidationFailed({ password: problems });
    // A taken e-mail is refused before the memory-hard hash: anonymous requests must stay cheap.
    await this.assertEmailFree(command.email);
    const passwordHash = await this.hasher.hash(command.password);

    const now = this.clock.now();
    const { person, organisation } = await this.unitOfWork.transaction(async () => {
      // Again in the transaction: a concurrent sign-up may have taken it meanwhile.
      await this.assertEmailFree(command.email);
      const id = this.ids.next();
      const person = Person.register({ ...command, id, uniqueId: id, now });
      person.recordLogin(now);
      await this.people.save(person);
      await this.credentials.setPasswordHash(person.id, passwordHash, now);
      const organisation = await this.founder.found(person.id, { name: command.organisationName }, now);
      return { person, organisation };
    });

    const session = await this.sessions.start(person.id, now);
    return {
      profile: await this.profiles.of(person),
      organisation: await this.organisationViews.one(organisation),
      session,
    };
  }

  private async assertEmailFree(email: string): Promise<void> {
    if (await this.people.findByEmail(email)) {
      throw new ValidationFailed({ email: ['A user with that email already exists.'] } satisfies FieldErrors);
    }
  }
}
