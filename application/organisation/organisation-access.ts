import { inject, injectable } from 'inversify';
import { Membership, Role } from '../../domain/organisation/membership';
import { Organisation } from '../../domain/organisation/organisation';
import { NotFound, PermissionDenied } from '../../domain/shared/errors';
import { Actor, KnownPerson } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { takePrereadOrganisation } from '../shared/preread';
import { AUTHORISATION_POLICY, Operation, roleSuffices } from './authorisation-policy';
import { WebhookAudience } from '../webhook/webhook-audience';
import { MemberOrganisation, MembershipRepository, ORGANISATION_TOKENS, OrganisationRepository } from './organisation.ports';

export interface AccessOptions {
  /** The organisation's row stays locked until the transaction ends, for a write of the organisation itself. */
  forUpdate?: boolean;
  /** A closing organisation is reached too (restoring it): otherwise it is a 404 for everyone. */
  closing?: 'allowed';
}

export interface OrganisationAccessGrant {
  organisation: Organisation;
  membership: Membership;
  /** The caller as views name people, when the organisation's read gave it (a view of what they change then reads no person for them). */
  member?: KnownPerson;
}

/**
 * The one gate to organisation-scoped data, deciding by AUTHORISATION_POLICY.
 * A caller who is not a member gets the same 404 as for an organisation that
 * does not exist (existence never leaks), as does an API key outside its own
 * organisation, and every member of an organisation its owner closed (its
 * owner too, but for restoring it: `closing: 'allowed'`); a member whose role
 * is not enough, 403.
 * The membership is read from storage on every call, so a removed member is
 * refused from the next request on (the first call of a request may take it
 * as read with the request's credentials, moments before: see `Preread`).
 */
@injectable()
export class OrganisationAccess {
  constructor(
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(WebhookAudience) private readonly audience: WebhookAudience,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async authorise(
    actor: Actor,
    organisationUniqueId: string,
    operation: Operation,
    options: AccessOptions = {},
  ): Promise<OrganisationAccessGrant> {
    return this.authoriseRole(actor, organisationUniqueId, AUTHORISATION_POLICY[operation], options);
  }

  /** As `authorise`, for an operation whose least role its record kind declares. */
  async authoriseRole(
    actor: Actor,
    organisationUniqueId: string,
    least: Role,
    options: AccessOptions = {},
  ): Promise<OrganisationAccessGrant> {
    const { organisation, membership, member } = await this.organisationWithMembership(actor, organisationUniqueId, options);
    // Closed by its owner: gone for everyone from that moment, as if it did not exist.
    if (organisation.isClosing && options.closing !== 'allowed') throw new NotFound();
    // An API key reaches its own organisation alone: any other is as one the caller does not belong to.
    if (!membership || (actor.apiKey && actor.apiKey.organisationId !== organisation.id)) throw new NotFound();
    if (!roleSuffices(membership.role, least)) throw new PermissionDenied();
    return { organisation, membership, member };
  }

  /** Read together, but for a write of the organisation itself, which locks its row first. */
  private async organisationWithMembership(
    actor: Actor,
    organisationUniqueId: string,
    options: { forUpdate?: boolean },
  ): Promise<MemberOrganisation> {
    if (!options.forUpdate) {
      const preread = takePrereadOrganisation(actor.preread, organisationUniqueId, this.unitOfWork);
      const found = preread !== undefined ? preread : await this.organisations.findForMember(organisationUniqueId, actor.personId);
      if (!found) throw new NotFound();
      if (found.hasWebhookEndpoints === false) this.audience.noneListensTo(found.organisation);
      return found;
    }
    const organisation = await this.organisations.findByUniqueId(organisationUniqueId, options);
    if (!organisation) throw new NotFound();
    return { organisation, membership: await this.memberships.find(organisation.id, actor.personId) };
  }
}
