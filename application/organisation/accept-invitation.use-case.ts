import { inject, injectable } from 'inversify';
import { Invitation } from '../../domain/organisation/invitation';
import { passwordProblems } from '../../domain/person/password-policy';
import { Person } from '../../domain/person/person';
import { NotFound, PermissionDenied, ValidationFailed } from '../../domain/shared/errors';
import { AUTH_TOKENS, CredentialRepository, PasswordHasher, SessionStore, StartedSession } from '../auth/auth.ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { ProfileView, ProfileViews } from '../person/profile-views';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, RateLimit, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { memberViewOf } from './list-members.use-case';
import { InvitationRepository, MembershipRepository, ORGANISATION_TOKENS, OrganisationRepository, TokenIssuer } from './organisation.ports';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

export interface AcceptInvitationCommand {
  token: string;
  /** The caller, when they sent credentials: their e-mail must be the invited one. */
  actor: Actor | null;
  /** Without credentials: the account to create for the invited e-mail. */
  newAccount: { password: string; firstName: string; lastName: string } | null;
  /** Where the request came from: accounts made here are limited per client address, as sign-ups are. */
  clientAddress: string;
}

/**
 * Accepting adds the invited person as a member: an existing user who is
 * signed in as the invited e-mail, or a new account created for that e-mail.
 */
@injectable()
export class AcceptInvitation {
  constructor(
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(ORGANISATION_TOKENS.TokenIssuer) private readonly tokens: TokenIssuer,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(AUTH_TOKENS.CredentialRepository) private readonly credentials: CredentialRepository,
    @inject(AUTH_TOKENS.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(AUTH_TOKENS.NewAccountLimit) private readonly newAccounts: RateLimit,
    @inject(AUTH_TOKENS.SessionStore) private readonly sessions: SessionStore,
    @inject(ProfileViews) private readonly profiles: ProfileViews,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(command: AcceptInvitationCommand): Promise<{ profile: ProfileView; session: StartedSession | null }> {
    if (!command.actor) await this.newAccounts.take(command.clientAddress);
    const now = this.clock.now();
    // An unknown, used or expired token, or a taken e-mail, is refused before the memory-hard hash:
    // anonymous requests must stay cheap. The transaction checks all of it again under the lock.
    const passwordHash = command.actor || !command.newAccount ? null : await this.hashNewPassword(command, now);
    const person = await this.unitOfWork.transaction(async () => {
      const invitation = await this.openInvitation(command.token, now, { forUpdate: true });
      const person = command.actor ? await this.existingInvitee(command.actor, invitation) : await this.newInvitee(invitation, command, passwordHash!, now);
      invitation.accept(person.id, now);
      await this.invitations.save(invitation);
      if (!(await this.memberships.find(invitation.organisationId, person.id))) {
        const membership = { organisationId: invitation.organisationId, personId: person.id, role: invitation.role, dateJoined: now };
        await this.memberships.add(membership);
        const organisation = await this.organisations.findById(invitation.organisationId);
        if (organisation) {
          const view = memberViewOf(person, membership);
          await this.events.publish({ organisation, type: 'member.joined', recordId: person.id, subject: { model: 'member', view } });
        }
      }
      return person;
    });
    const session = command.actor ? null : await this.sessions.start(person.id, now);
    return { profile: await this.profiles.of(person), session };
  }

  private async openInvitation(token: string, now: Date, options: { forUpdate?: boolean } = {}): Promise<Invitation> {
    const invitation = await this.invitations.findByTokenHash(this.tokens.hashOf(token), options);
    if (!invitation) throw new NotFound();
    // An organisation its owner closed takes nobody in: its links answer as unknown ones.
    if ((await this.organisations.findById(invitation.organisationId))?.isClosing !== false) throw new NotFound();
    invitation.assertOpen(now);
    return invitation;
  }

  private async hashNewPassword(command: AcceptInvitationCommand, now: Date): Promise<string> {
    const invitation = await this.openInvitation(command.token, now);
    await this.assertNoAccount(invitation);
    const password = command.newAccount!.password;
    const problems = passwordProblems(password);
    if (problems.length > 0) throw new ValidationFailed({ password: problems });
    return this.hasher.hash(password);
  }

  private async assertNoAccount(invitation: Invitation): Promise<void> {
    if (await this.people.findByEmail(invitation.email)) {
      throw ValidationFailed.field('non_field_errors', 'An account with this e-mail exists: sign in to accept the invitation.');
    }
  }

  private async existingInvitee(actor: Actor, invitation: Invitation): Promise<Person> {
    const person = await this.people.findById(actor.personId);
    if (!person || !invitation.isFor(person.email)) {
      throw new PermissionDenied('This invitation was sent to another e-mail address.');
    }
    return person;
  }

  private async newInvitee(
    invitation: Invitation,
    command: AcceptInvitationCommand,
    passwordHash: string,
    now: Date,
  ): Promise<Person> {
    if (!command.newAccount) throw ValidationFailed.field('password', 'This field is required.');
    await this.assertNoAccount(invitation);
    const id = this.ids.next();
    const person = Person.register({ id, uniqueId: id, email: invitation.email, ...command.newAccount, now });
    person.recordLogin(now);
    await this.people.save(person);
    await this.credentials.setPasswordHash(person.id, passwordHash, now);
    return person;
  }
}
