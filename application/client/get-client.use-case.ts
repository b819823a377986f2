import { inject, injectable } from 'inversify';
import { ClientSnapshot } from '../../domain/client/client';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { found } from '../shared/records';
import { CLIENT_TOKENS, ClientRepository } from './client.ports';

@injectable()
export class GetClient {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(CLIENT_TOKENS.ClientRepository) private readonly clients: ClientRepository,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, clientUniqueId: string): Promise<ClientSnapshot> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'clients.view');
    return found(await this.clients.findByUniqueId(organisation.id, clientUniqueId)).snapshot();
  }
}
