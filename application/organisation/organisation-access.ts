import { inject, injectable } from 'inversify';
import { Membership } from '../../domain/organisation/membership';
import { Organisation } from '../../domain/organisation/organisation';
import { NotFound, PermissionDenied } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { MembershipRepository, ORGANISATION_TOKENS, OrganisationRepository } from './organisation.ports';

export interface OrganisationAccessGrant {
  organisation: Organisation;
  membership: Membership;
  isOwner: boolean;
}

/**
 * The one gate to organisation-scoped data. A caller who is not a member gets
 * the same 404 as for an organisation that does not exist: existence never leaks.
 */
@injectable()
export class OrganisationAccess {
  constructor(
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
  ) {}

  async asMember(actor: Actor, organisationUniqueId: string): Promise<OrganisationAccessGrant> {
    const organisation = await this.organisations.findByUniqueId(organisationUniqueId);
    if (!organisation) throw new NotFound();
    const membership = await this.memberships.find(organisation.id, actor.personId);
    if (!membership) throw new NotFound();
    return { organisation, membership, isOwner: membership.role === 'owner' };
  }

  async asOwner(actor: Actor, organisationUniqueId: string): Promise<OrganisationAccessGrant> {
    const grant = await this.asMember(actor, organisationUniqueId);
    if (!grant.isOwner) throw new PermissionDenied();
    return grant;
  }
}
