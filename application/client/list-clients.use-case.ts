import { inject, injectable } from 'inversify';
import { ClientSnapshot } from '../../domain/client/client';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Page } from '../shared/page';
import { CLIENT_TOKENS, ClientListQuery, ClientRepository } from './client.ports';

/** One page of the organisation's clients (any member). */
@injectable()
export class ListClients {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(CLIENT_TOKENS.ClientRepository) private readonly clients: ClientRepository,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, query: ClientListQuery): Promise<Page<ClientSnapshot>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'clients.list');
    const page = await this.clients.list(organisation.id, query);
    return { total: page.total, items: page.items.map((client) => client.snapshot()) };
  }
}
