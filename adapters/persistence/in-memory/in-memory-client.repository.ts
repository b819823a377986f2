import { ClientListQuery, ClientOrderingField, ClientRepository } from '../../../application/client/client.ports';
import { Page } from '../../../application/shared/page';
import { Client, ClientSnapshot } from '../../../domain/client/client';
import { searchKey } from '../search-key';
import { contains, InMemoryRecords, SortValue } from './in-memory-records';

const SORT_KEYS: Record<ClientOrderingField, (s: ClientSnapshot) => SortValue> = {
  name: (s) => searchKey(s.name),
  dateCreated: (s) => s.dateCreated.getTime(),
};

export class InMemoryClientRepository implements ClientRepository {
  private readonly records = new InMemoryRecords<ClientSnapshot, Client>(Client.restore, 'client');

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<Client | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  async findByIds(organisationId: string, ids: string[]): Promise<Client[]> {
    return this.records.findByIds(organisationId, ids);
  }

  async list(organisationId: string, query: ClientListQuery): Promise<Page<Client>> {
    const { search } = query.filters;
    const rows = this.records
      .of(organisationId)
      .filter((s) => search === undefined || contains(search, s.name, s.email));
    return this.records.page(rows, SORT_KEYS[query.ordering.field], query.ordering.descending, query.page);
  }

  async save(client: Client): Promise<void> {
    this.records.save(client);
  }

  async delete(client: Client): Promise<void> {
    this.records.delete(client.id);
  }
}
