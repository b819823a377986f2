import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { OrganisationAccess } from './organisation-access';
import { ORGANISATION_TOKENS, OrganisationRepository } from './organisation.ports';
import { OrganisationView, OrganisationViews } from './organisation-views';

/**
 * The owner takes back the closing of their organisation within the grace
 * period: everything is as it was, for every member. The one operation a
 * closing organisation answers, and to its owner alone (its members: 404, as
 * for everything of it); once the grace period is over it is gone (404).
 */
@injectable()
export class RestoreOrganisation {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(OrganisationViews) private readonly views: OrganisationViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string): Promise<OrganisationView> {
    const organisation = await this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authoriseRole(actor, organisationUniqueId, 'member', { forUpdate: true, closing: 'allowed' });
      const now = this.clock.now();
      const theOwner = organisation.ownerId === actor.personId;
      if (organisation.isClosing && (!theOwner || organisation.isDueForDeletion(now))) throw new NotFound();
      // An open organisation: as any owner's operation (a member: 403; the owner: 409, it is not closing).
      if (!organisation.isClosing) await this.access.authorise(actor, organisationUniqueId, 'organisation.restore', { forUpdate: true });
      organisation.reopen(now);
      await this.organisations.save(organisation);
      return organisation;
    });
    return this.views.one(organisation);
  }
}
