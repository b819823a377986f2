import { inject, injectable } from 'inversify';
import { OrganisationChanges } from '../../domain/organisation/organisation';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { OrganisationAccess } from './organisation-access';
import { ORGANISATION_TOKENS, OrganisationRepository } from './organisation.ports';
import { OrganisationView, OrganisationViews } from './organisation-views';

/** Only the owner changes an organisation's settings (a member: 403, anyone else: 404). */
@injectable()
export class UpdateOrganisation {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(OrganisationViews) private readonly views: OrganisationViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, changes: OrganisationChanges): Promise<OrganisationView> {
    const organisation = await this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'organisation.update', { forUpdate: true });
      organisation.update(changes, this.clock.now());
      await this.organisations.save(organisation);
      return organisation;
    });
    return this.views.one(organisation);
  }
}
