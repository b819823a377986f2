import { Client, ClientChanges, ClientSnapshot } from '../../domain/client/client';
import { InUse } from '../../domain/shared/errors';
import { RecordKind } from '../records/record-kind';
import { RecordRepository } from '../records/record.ports';

export type ClientRepository = RecordRepository<Client>;

/** Whether anything (leads, so far) names a client: a client in use is not deleted. */
export interface ClientReferences {
  isClientReferenced(organisationId: string, clientId: string): Promise<boolean>;
}

export const CLIENT_TOKENS = {
  ClientRepository: Symbol.for('ClientRepository'),
  ClientReferences: Symbol.for('ClientReferences'),
} as const;

/** Leads are checked before the delete; a project's key to its client refuses it in the database (the same 409). */
export const CLIENT_IN_USE = 'This client is named by leads or projects; change or delete those first.';

export type NewClientCommand = ClientChanges & { name: string };

/**
 * Clients (contract section 5): any member records and changes them. One
 * that leads name stays (409 `in_use`); the storage enforces it too, against races.
 */
export function clientKind(references: ClientReferences): RecordKind<Client, ClientSnapshot, NewClientCommand, ClientChanges> {
  return {
    names: { one: 'client', many: 'clients' },
    roles: { read: 'member', write: 'member' },
    events: false,
    create: (command, { id, uniqueId, organisation, now }) =>
      Client.create(Object.assign({}, command, { id, uniqueId, organisationId: organisation.id, now })),
    update: (client, changes, now) => client.update(changes, now),
    beforeDelete: async (organisationId, client) => {
      if (await references.isClientReferenced(organisationId, client.id)) throw new InUse(CLIENT_IN_USE);
    },
  };
}
