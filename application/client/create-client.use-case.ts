import { inject, injectable } from 'inversify';
import { Client, ClientChanges, ClientSnapshot } from '../../domain/client/client';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { newUniqueId } from '../shared/records';
import { CLIENT_TOKENS, ClientRepository } from './client.ports';

export type NewClientCommand = ClientChanges & { name: string };

@injectable()
export class CreateClient {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(CLIENT_TOKENS.ClientRepository) private readonly clients: ClientRepository,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  execute(actor: Actor, organisationUniqueId: string, command: NewClientCommand): Promise<ClientSnapshot> {
    return this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'clients.create');
      const existing = (uid: string) => this.clients.findByUniqueId(organisation.id, uid);
      const client = Client.create(
        Object.assign({}, command, {
          id: this.ids.next(),
          uniqueId: await newUniqueId(command.uniqueId, this.ids, existing, 'client'),
          organisationId: organisation.id,
          now: this.clock.now(),
        }),
      );
      await this.clients.save(client);
      return client.snapshot();
    });
  }
}
