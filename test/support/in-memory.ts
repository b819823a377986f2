import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Container, ServiceIdentifier } from 'inversify';
import { ScryptPasswordHasher } from '../../adapters/security/scrypt-password-hasher';
import { RecordingMailer } from '../../adapters/system/recording-mailer';
import { PasswordHasher } from '../../application/auth/auth.ports';
import { SignedUp, SignUp, SignUpCommand } from '../../application/auth/sign-up.use-case';
import { MembershipRepository, ORGANISATION_TOKENS, OrganisationRepository } from '../../application/organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../../application/person/person.ports';
import { Actor } from '../../application/shared/actor';
import { IdGenerator } from '../../application/shared/ports';
import { FixedClock } from './fixed-clock';

export { FixedClock };
import { loadConfig } from '../../config/config';
import { buildContainer } from '../../config/container';
import { Role } from '../../domain/organisation/membership';
import { Person } from '../../domain/person/person';

/** `id-000001`, `id-000002`, …: predictable, valid as a unique_id, and in creation order. */
export class SequentialIds implements IdGenerator {
  private count = 0;

  constructor(private readonly prefix = 'id') {}

  next(): string {
    this.count += 1;
    return `${this.prefix}-${String(this.count).padStart(6, '0')}`;
  }
}

/** The production scrypt code path at a cost tests can afford. */
export const CHEAP_HASHER = new ScryptPasswordHasher({ N: 1024, r: 8, p: 1 });

/** A real hasher that counts how often it is asked to work (to prove what a cache saves). */
export class CountingHasher implements PasswordHasher {
  hashes = 0;
  verifications = 0;

  constructor(private readonly inner: PasswordHasher = CHEAP_HASHER) {}

  async hash(password: string): Promise<string> {
    this.hashes += 1;
    return this.inner.hash(password);
  }

  async verify(password: string, hash: string): Promise<boolean> {
    this.verifications += 1;
    return this.inner.verify(password, hash);
  }

  needsRehash(hash: string): boolean {
    return this.inner.needsRehash(hash);
  }
}

export interface InMemoryUseCases {
  container: Container;
  clock: FixedClock;
  ids: SequentialIds;
  hasher: CountingHasher;
  mailer: RecordingMailer;
  people: PersonRepository;
  organisations: OrganisationRepository;
  memberships: MembershipRepository;
  get<T>(service: ServiceIdentifier<T>): T;
}

export interface UseCaseOptions {
  /** Configuration as environment variables (limits, lifetimes). */
  env?: Record<string, string>;
  clock?: FixedClock;
  /** A mail adapter that does more than record (a test's own subclass). */
  mailer?: RecordingMailer;
}

/**
 * The production composition root on process memory: the in-memory
 * repositories, the real secret box, credential cache and login throttle,
 * cheap scrypt, a fixed clock and sequential ids.
 */
export async function useCases(options: UseCaseOptions = {}): Promise<InMemoryUseCases> {
  const clock = options.clock ?? new FixedClock();
  const ids = new SequentialIds();
  const hasher = new CountingHasher();
  const mailer = options.mailer ?? new RecordingMailer();
  const container = await buildContainer({
    // Tests sign up many users from one address and invite many; the limits have their own tests.
    config: loadConfig({ LOG_LEVEL: 'silent', NEW_ACCOUNTS_PER_CLIENT_PER_HOUR: '1000000', INVITATIONS_PER_ORGANISATION_PER_DAY: '1000000', ...options.env }),
    storage: { kind: 'memory' },
    encryptionKey: randomBytes(32),
    clock,
    ids,
    hasher,
    mailer,
  });
  return {
    container,
    clock,
    ids,
    hasher,
    mailer,
    people: container.get<PersonRepository>(PERSON_TOKENS.PersonRepository),
    organisations: container.get<OrganisationRepository>(ORGANISATION_TOKENS.OrganisationRepository),
    memberships: container.get<MembershipRepository>(ORGANISATION_TOKENS.MembershipRepository),
    get: <T>(service: ServiceIdentifier<T>) => container.get<T>(service),
  };
}

export const A_PASSWORD = 'correct horse battery staple';
export const A_CLIENT_ADDRESS = '203.0.113.7';

/** Object mother: a valid sign-up. */
export function aSignUp(overrides: Partial<SignUpCommand> = {}): SignUpCommand {
  return {
    email: 'ada@example.com',
    password: A_PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    organisationName: 'Analytical Engines Ltd',
    clientAddress: A_CLIENT_ADDRESS,
    ...overrides,
  };
}

export interface SignedUpUser extends SignedUp {
  actor: Actor;
  email: string;
  password: string;
}

/** Signs a user up through the use case: they own a new organisation. */
export async function signUp(app: InMemoryUseCases, overrides: Partial<SignUpCommand> = {}): Promise<SignedUpUser> {
  const command = aSignUp(overrides);
  const result = await app.get(SignUp).execute(command);
  return { ...result, actor: { personId: result.profile.person.id }, email: command.email, password: command.password };
}

/** A person with no organisation and no password: someone to add to organisations by hand. */
export async function aRegisteredPerson(
  app: InMemoryUseCases,
  overrides: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<Person> {
  const id = app.ids.next();
  const person = Person.register({
    id,
    uniqueId: id,
    email: overrides.email ?? `${id}@example.com`,
    firstName: overrides.firstName ?? 'Grace',
    lastName: overrides.lastName ?? 'Hopper',
    now: app.clock.now(),
  });
  await app.people.save(person);
  return person;
}

/** Adds a membership at the clock's current time (no invitation flow needed). */
export async function join(
  app: InMemoryUseCases,
  personId: string,
  organisationUniqueId: string,
  role: Role = 'member',
): Promise<void> {
  const organisation = await app.organisations.findByUniqueId(organisationUniqueId);
  if (!organisation) throw new Error(`join: no organisation ${organisationUniqueId}`);
  await app.memberships.add({ organisationId: organisation.id, personId, role, dateJoined: app.clock.now() });
}

export interface OrganisationWithAMember {
  owner: SignedUpUser;
  orgUid: string;
  member: Actor;
  outsider: SignedUpUser;
}

/** Acme with its owner and Grace, a plain member; and an outsider who owns another organisation. */
export async function anOrganisationWithAMember(app: InMemoryUseCases): Promise<OrganisationWithAMember> {
  const owner = await signUp(app, { email: 'owner@example.com', organisationName: 'Acme' });
  const orgUid = owner.organisation.organisation.uniqueId;
  const grace = await aRegisteredPerson(app, { email: 'grace@example.com' });
  await join(app, grace.id, orgUid);
  const outsider = await signUp(app, { email: 'outsider@example.com', organisationName: 'Elsewhere' });
  return { owner, orgUid, member: { personId: grace.id }, outsider };
}
