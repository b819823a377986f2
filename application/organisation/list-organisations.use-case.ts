import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { ORGANISATION_TOKENS, OrganisationRepository } from './organisation.ports';
import { OrganisationView, OrganisationViews } from './organisation-views';

/** Every organisation the caller belongs to, in the owner view (as the spec says). */
@injectable()
export class ListOrganisations {
  constructor(
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(OrganisationViews) private readonly views: OrganisationViews,
  ) {}

  async execute(actor: Actor): Promise<OrganisationView[]> {
    return this.views.many(await this.organisations.listForPerson(actor.personId));
  }
}
