import { inject, injectable } from 'inversify';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import {
  CLIENT_IN_USE,
  ClientFilters,
  ClientListQuery,
  ClientOrderingField,
  ClientRepository,
} from '../../../../application/client/client.ports';
import { Page } from '../../../../application/shared/page';
import { Client } from '../../../../domain/client/client';
import { TypeOrmDatabase } from '../database';
import { containing, OrganisationRecords, SortKey } from '../organisation-records';
import { ClientMapper } from './client.mapper';
import { ClientRow } from './client.schema';

const SORT_KEYS: Record<ClientOrderingField, SortKey> = {
  name: { column: 'name_key' },
  dateCreated: { column: 'date_created' },
};

@injectable()
export class TypeOrmClientRepository implements ClientRepository {
  private readonly records: OrganisationRecords<ClientRow, Client>;

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    this.records = new OrganisationRecords(db, 'Client', new ClientMapper(), { model: 'client', inUse: CLIENT_IN_USE });
  }

  findByUniqueId(organisationId: string, uniqueId: string): Promise<Client | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  findByIds(organisationId: string, ids: string[]): Promise<Client[]> {
    return this.records.findByIds(organisationId, ids);
  }

  list(organisationId: string, query: ClientListQuery): Promise<Page<Client>> {
    const { field, descending } = query.ordering;
    return this.records.page((m) => this.filtered(m, organisationId, query.filters), SORT_KEYS[field], descending, query.page);
  }

  save(client: Client): Promise<void> {
    return this.records.save(client);
  }

  delete(client: Client): Promise<void> {
    return this.records.delete(client.id);
  }

  private filtered(m: EntityManager, organisationId: string, filters: ClientFilters): SelectQueryBuilder<ClientRow> {
    const query = this.records.select(m, organisationId);
    if (filters.search !== undefined) {
      query.andWhere("(r.name_key LIKE :search ESCAPE '\\' OR r.email_key LIKE :search ESCAPE '\\')", {
        search: containing(filters.search),
      });
    }
    return query;
  }
}
