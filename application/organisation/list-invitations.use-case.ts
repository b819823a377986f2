import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { Page, PageRequest, slicePage } from '../shared/page';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { InvitationView, invitationView } from './invitation-view';
import { OrganisationAccess } from './organisation-access';
import { InvitationRepository, ORGANISATION_TOKENS } from './organisation.ports';

/** One page of the organisation's invitations (the owner), without their tokens, which are not stored. */
@injectable()
export class ListInvitations {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, request: PageRequest): Promise<Page<InvitationView>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'invitations.list');
    const now = this.clock.now();
    // An organisation has few invitations: read whole, in the repository's order, then paged.
    const page = slicePage(await this.invitations.listForOrganisation(organisation.id), request);
    return { total: page.total, items: page.items.map((invitation) => invitationView(invitation, now)) };
  }
}
