import { Client } from '../../domain/client/client';
import { ListQuery, Page } from '../shared/page';

export type ClientOrderingField = 'name' | 'dateCreated';

export interface ClientFilters {
  /** Case-insensitive part of the name or the e-mail. */
  search?: string;
}

export type ClientListQuery = ListQuery<ClientFilters, ClientOrderingField>;

export interface ClientRepository {
  /** `forUpdate` locks the row until the current transaction ends (writers that read, then write, use it). */
  findByUniqueId(organisationId: string, uniqueId: string, options?: { forUpdate?: boolean }): Promise<Client | null>;
  findByIds(organisationId: string, ids: string[]): Promise<Client[]>;
  list(organisationId: string, query: ClientListQuery): Promise<Page<Client>>;
  /** Adds or replaces; a unique_id already taken in the organisation is a 400 on `unique_id`. */
  save(client: Client): Promise<void>;
  /** Refuses (`InUse`) while a lead names the client. */
  delete(client: Client): Promise<void>;
}

/** Whether anything (leads, so far) names a client: a client in use is not deleted. */
export interface ClientReferences {
  isClientReferenced(organisationId: string, clientId: string): Promise<boolean>;
}

export const CLIENT_TOKENS = {
  ClientRepository: Symbol.for('ClientRepository'),
  ClientReferences: Symbol.for('ClientReferences'),
} as const;

export const CLIENT_IN_USE = 'This client is named by leads; change or delete those leads first.';
