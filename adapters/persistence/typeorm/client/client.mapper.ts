import { Client } from '../../../../domain/client/client';
import { searchKey } from '../../search-key';
import { ClientRow } from './client.schema';

export class ClientMapper {
  toDomain(row: ClientRow): Client {
    return Client.restore({
      id: row.id,
      organisationId: row.organisation_id,
      uniqueId: row.unique_id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      website: row.website,
      dateCreated: row.date_created,
      lastUpdated: row.last_updated,
    });
  }

  toPersistence(client: Client): ClientRow {
    const s = client.snapshot();
    return {
      id: s.id,
      organisation_id: s.organisationId,
      unique_id: s.uniqueId,
      name: s.name,
      name_key: searchKey(s.name),
      email: s.email,
      email_key: searchKey(s.email),
      phone: s.phone,
      website: s.website,
      date_created: s.dateCreated,
      last_updated: s.lastUpdated,
    };
  }
}
