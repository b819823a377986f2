import { inject, injectable } from 'inversify';
import { Invitation, InvitableRole, InvitationSnapshot, InvitationStatus } from '../../domain/organisation/invitation';
import { passwordProblems } from '../../domain/person/password-policy';
import { Person } from '../../domain/person/person';
import { NotFound, PermissionDenied, ValidationFailed } from '../../domain/shared/errors';
import { AUTH_TOKENS, CredentialRepository, PasswordHasher, SessionStore, StartedSession } from '../auth/auth.ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { ProfileView, ProfileViews } from '../person/profile-views';
import { Actor } from '../shared/actor';
import { MailDeliveryFailed } from '../shared/errors';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { InvitationDelivery } from './invitation-delivery';
import { OrganisationAccess } from './organisation-access';
import { InvitationRepository, MembershipRepository, ORGANISATION_TOKENS, TokenIssuer } from './organisation.ports';

export interface InvitationView {
  invitation: InvitationSnapshot;
  status: InvitationStatus;
  /** Present only in the answer that issued the token (creation, resend): it is not stored. */
  token: string | null;
  acceptUrl: string | null;
}

/**
 * The owner invites someone by e-mail; the link in the e-mail carries a
 * single-use token. The invitation is stored before the mail goes out, so a
 * mail failure loses nothing: the answer still carries the token (`sentAt`
 * stays null) and the owner can resend.
 */
@injectable()
export class InviteMember {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(ORGANISATION_TOKENS.TokenIssuer) private readonly tokens: TokenIssuer,
    @inject(InvitationDelivery) private readonly delivery: InvitationDelivery,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, command: { email: string; role: InvitableRole }): Promise<InvitationView> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'invitations.create');
    const existing = await this.people.findByEmail(command.email);
    if (existing && (await this.memberships.find(organisation.id, existing.id))) {
      throw ValidationFailed.field('email', 'This person is already a member of the organisation.');
    }
    const now = this.clock.now();
    const { token, hash } = this.tokens.issue();
    const id = this.ids.next();
    const invitation = Invitation.issue({ ...command, id, uniqueId: id, organisationId: organisation.id, tokenHash: hash, invitedById: actor.personId, now });
    await this.invitations.save(invitation);
    try {
      await this.delivery.send(invitation, organisation.name, token);
    } catch (error) {
      if (error instanceof MailDeliveryFailed) return viewOf(invitation, now, token, this.delivery.acceptUrl(token));
      throw error;
    }
    const sent = await this.delivery.recordSent(invitation);
    return viewOf(sent, now, token, this.delivery.acceptUrl(token));
  }
}

/**
 * Sends an invitation again with a new token (only the hash of the old one is
 * stored, so it cannot be sent again) and seven more days. The mail goes out
 * first: if it fails, nothing changes and the old link keeps working.
 */
@injectable()
export class ResendInvitation {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(ORGANISATION_TOKENS.TokenIssuer) private readonly tokens: TokenIssuer,
    @inject(InvitationDelivery) private readonly delivery: InvitationDelivery,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, invitationUniqueId: string): Promise<InvitationView> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'invitations.resend');
    const invitation = await this.invitations.findByUniqueId(organisation.id, invitationUniqueId);
    if (!invitation) throw new NotFound();
    const now = this.clock.now();
    const { token, hash } = this.tokens.issue();
    invitation.reissue(hash, now); // refuses a used invitation before any mail goes out
    await this.delivery.send(invitation, organisation.name, token);
    const sent = await this.delivery.recordSent(invitation, (current) => current.reissue(hash, now));
    return viewOf(sent, now, token, this.delivery.acceptUrl(token));
  }
}

@injectable()
export class ListInvitations {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string): Promise<InvitationView[]> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'invitations.list');
    const now = this.clock.now();
    return (await this.invitations.listForOrganisation(organisation.id)).map((invitation) => viewOf(invitation, now, null, null));
  }
}

function viewOf(invitation: Invitation, now: Date, token: string | null, acceptUrl: string | null): InvitationView {
  return { invitation: invitation.snapshot(), status: invitation.statusAt(now), token, acceptUrl };
}

export interface AcceptInvitationCommand {
  token: string;
  /** The caller, when they sent credentials: their e-mail must be the invited one. */
  actor: Actor | null;
  /** Without credentials: the account to create for the invited e-mail. */
  newAccount: { password: string; firstName: string; lastName: string } | null;
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
    @inject(ORGANISATION_TOKENS.TokenIssuer) private readonly tokens: TokenIssuer,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(AUTH_TOKENS.CredentialRepository) private readonly credentials: CredentialRepository,
    @inject(AUTH_TOKENS.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(AUTH_TOKENS.SessionStore) private readonly sessions: SessionStore,
    @inject(ProfileViews) private readonly profiles: ProfileViews,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(command: AcceptInvitationCommand): Promise<{ profile: ProfileView; session: StartedSession | null }> {
    const passwordHash = command.actor || !command.newAccount ? null : await this.hashNewPassword(command.newAccount.password);
    const now = this.clock.now();
    const person = await this.unitOfWork.transaction(async () => {
      const invitation = await this.invitations.findByTokenHash(this.tokens.hashOf(command.token), { forUpdate: true });
      if (!invitation) throw new NotFound();
      invitation.assertOpen(now);
      const person = command.actor ? await this.existingInvitee(command.actor, invitation) : await this.newInvitee(invitation, command, passwordHash!, now);
      invitation.accept(person.id, now);
      await this.invitations.save(invitation);
      if (!(await this.memberships.find(invitation.organisationId, person.id))) {
        await this.memberships.add({ organisationId: invitation.organisationId, personId: person.id, role: invitation.role, dateJoined: now });
      }
      return person;
    });
    const session = command.actor ? null : await this.sessions.start(person.id, now);
    return { profile: await this.profiles.of(person), session };
  }

  private async hashNewPassword(password: string): Promise<string> {
    const problems = passwordProblems(password);
    if (problems.length > 0) throw new ValidationFailed({ password: problems });
    return this.hasher.hash(password);
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
    if (await this.people.findByEmail(invitation.email)) {
      throw ValidationFailed.field('non_field_errors', 'An account with this e-mail exists: sign in to accept the invitation.');
    }
    const id = this.ids.next();
    const person = Person.register({ id, uniqueId: id, email: invitation.email, ...command.newAccount, now });
    person.recordLogin(now);
    await this.people.save(person);
    await this.credentials.setPasswordHash(person.id, passwordHash, now);
    return person;
  }
}
