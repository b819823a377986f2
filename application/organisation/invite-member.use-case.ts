import { inject, injectable } from 'inversify';
import { Invitation, InvitableRole } from '../../domain/organisation/invitation';
import { ConcurrentModification, ValidationFailed } from '../../domain/shared/errors';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Actor } from '../shared/actor';
import { MailDeliveryFailed } from '../shared/errors';
import { Clock, IdGenerator, RateLimit, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { InvitationDelivery } from './invitation-delivery';
import { InvitationView, invitationView } from './invitation-view';
import { OrganisationAccess } from './organisation-access';
import { InvitationRepository, MembershipRepository, ORGANISATION_TOKENS, TokenIssuer } from './organisation.ports';

/**
 * The owner invites someone by e-mail; the link in the e-mail carries a
 * single-use token. The invitation is stored before the mail goes out, so a
 * mail failure loses nothing: the answer still carries the token (`sentAt`
 * stays null) and the owner can resend. An address has one open invitation
 * per organisation: a new one replaces any unused one, whose link stops working.
 */
/** Attempts before a 409 when invitations to one address keep arriving at once. */
const CONCURRENT_ATTEMPTS = 10;

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
    @inject(ORGANISATION_TOKENS.InvitationQuota) private readonly quota: RateLimit,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, command: { email: string; role: InvitableRole }): Promise<InvitationView> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'invitations.create');
    await this.quota.take(organisation.id);
    const existing = await this.people.findByEmail(command.email);
    if (existing && (await this.memberships.find(organisation.id, existing.id))) {
      throw ValidationFailed.field('email', 'This person is already a member of the organisation.');
    }
    const now = this.clock.now();
    const { token, hash } = this.tokens.issue();
    const issued = { token, acceptUrl: this.delivery.acceptUrl(token) };
    const id = this.ids.next();
    const invitation = Invitation.issue({ ...command, id, uniqueId: id, organisationId: organisation.id, tokenHash: hash, invitedById: actor.personId, now });
    const replaceOpenOne = () =>
      this.unitOfWork.transaction(async () => {
        for (const earlier of await this.invitations.listForOrganisation(organisation.id)) {
          if (earlier.isFor(invitation.email) && earlier.statusAt(now) !== 'accepted') await this.invitations.delete(earlier);
        }
        await this.invitations.save(invitation);
      });
    // Another request may open an invitation to the same address meanwhile (Postgres; SQLite
    // writes one at a time): it has committed by then, and this newer one replaces it on retry.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await replaceOpenOne();
        break;
      } catch (error) {
        if (!(error instanceof ConcurrentModification) || attempt === CONCURRENT_ATTEMPTS) throw error;
      }
    }
    try {
      await this.delivery.send(invitation, organisation.name, token);
    } catch (error) {
      if (error instanceof MailDeliveryFailed) return invitationView(invitation, now, issued);
      throw error;
    }
    const sent = await this.delivery.recordSent(invitation);
    if (sent) return invitationView(sent, now, issued);
    // Replaced by a newer invitation to the same address (or revoked) while its mail went out:
    // it was created and sent, and the answer says so; its link no longer works.
    invitation.markSent(this.clock.now());
    return invitationView(invitation, now, issued);
  }
}
