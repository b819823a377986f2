import { inject, injectable } from 'inversify';
import { ClientChanges, ClientSnapshot } from '../../domain/client/client';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { found } from '../shared/records';
import { CLIENT_TOKENS, ClientRepository } from './client.ports';

/** PUT and PATCH alike (the HTTP adapter checks PUT's required fields). */
@injectable()
export class UpdateClient {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(CLIENT_TOKENS.ClientRepository) private readonly clients: ClientRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  execute(actor: Actor, organisationUniqueId: string, clientUniqueId: string, changes: ClientChanges): Promise<ClientSnapshot> {
    return this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'clients.update');
      const client = found(await this.clients.findByUniqueId(organisation.id, clientUniqueId, { forUpdate: true }));
      client.update(changes, this.clock.now());
      await this.clients.save(client);
      return client.snapshot();
    });
  }
}
