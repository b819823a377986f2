import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { Page, PageRequest, slicePage } from '../shared/page';
import { ORGANISATION_TOKENS, OrganisationRepository } from './organisation.ports';
import { OrganisationView, OrganisationViews } from './organisation-views';

/** One page of the organisations the caller belongs to (an API key's alone; a closing one its owner's alone), in the owner view (as the spec says). */
@injectable()
export class ListOrganisations {
  constructor(
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(OrganisationViews) private readonly views: OrganisationViews,
  ) {}

  async execute(actor: Actor, request: PageRequest): Promise<Page<OrganisationView>> {
    // A person belongs to few organisations: read whole, in the order they joined, then paged.
    // A closing organisation is its owner's alone to see (to restore it), with when it closed and when it goes.
    const theirs = (await this.organisations.listForPerson(actor.personId)).filter((o) => !o.isClosing || o.ownerId === actor.personId);
    // An API key sees its own organisation alone.
    const reached = actor.apiKey ? theirs.filter((organisation) => organisation.id === actor.apiKey?.organisationId) : theirs;
    const page = slicePage(reached, request);
    return { total: page.total, items: await this.views.many(page.items) };
  }
}
