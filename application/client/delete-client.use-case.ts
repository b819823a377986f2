import { inject, injectable } from 'inversify';
import { InUse } from '../../domain/shared/errors';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { found } from '../shared/records';
import { CLIENT_IN_USE, CLIENT_TOKENS, ClientReferences, ClientRepository } from './client.ports';

/** A client that leads name stays (409 `in_use`); the storage enforces it too, against races. */
@injectable()
export class DeleteClient {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(CLIENT_TOKENS.ClientRepository) private readonly clients: ClientRepository,
    @inject(CLIENT_TOKENS.ClientReferences) private readonly references: ClientReferences,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(actor: Actor, organisationUniqueId: string, clientUniqueId: string): Promise<void> {
    return this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'clients.delete');
      const client = found(await this.clients.findByUniqueId(organisation.id, clientUniqueId));
      if (await this.references.isClientReferenced(organisation.id, client.id)) throw new InUse(CLIENT_IN_USE);
      await this.clients.delete(client);
    });
  }
}
