import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { OrganisationAccess } from './organisation-access';
import { OrganisationView, OrganisationViews } from './organisation-views';

/** Any member (the owner included) reads an organisation. */
@injectable()
export class GetOrganisation {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(OrganisationViews) private readonly views: OrganisationViews,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string): Promise<OrganisationView> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'organisation.view');
    return this.views.one(organisation);
  }
}
