import { ClientFilters, ClientOrderingField, ClientRepository } from '../../../application/client/client.ports';
import { Client, ClientSnapshot } from '../../../domain/client/client';
import { searchKey } from '../search-key';
import { contains, InMemoryRecords } from './in-memory-records';

export class InMemoryClientRepository extends InMemoryRecords<ClientSnapshot, Client, ClientFilters, ClientOrderingField> implements ClientRepository {
  protected readonly collection = {
    restore: Client.restore,
    model: 'client',
    sortKeys: {
      name: (s: ClientSnapshot) => searchKey(s.name),
      dateCreated: (s: ClientSnapshot) => s.dateCreated.getTime(),
    },
  };

  protected override matches(s: ClientSnapshot, filters: ClientFilters): boolean {
    return filters.search === undefined || contains(filters.search, s.name, s.email);
  }
}
