import { inject, injectable } from 'inversify';
import { Invitation, InvitableRole } from '../../domain/organisation/invitation';
import { ConcurrentModification, ValidationFailed } from '../../domain/shared/errors';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, RateLimit, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { InvitationDelivery } from './invitation-delivery';
import { InvitationView, invitationView } from './invitation-view';
import { OrganisationAccess } from './organisation-access';
import { InvitationRepository, MembershipRepository, ORGANISATION_TOKENS, TokenIssuer } from './organisation.ports';

/**
 * The owner invites someone by e-mail; the link in the e-mail carries a
 * single-use token. The invitation and its e-mail are written together, and
 * the e-mail is sent in the background, retried until the mail system takes
 * it (`sentAt` stays null until then); the answer carries the token. An
 * address has one open invitation per organisation: a new one replaces any
 * unused one, whose link stops working (and whose e-mail, if not yet sent, is dropped).
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
          if (earlier.isFor(invitation.email) && earlier.statusAt(now) !== 'accepted') {
            await this.invitations.delete(earlier);
            await this.delivery.forget(earlier);
          }
        }
        await this.invitations.save(invitation);
        await this.delivery.queue(invitation, organisation.name, token);
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
    return invitationView(invitation, now, issued);
  }
}
