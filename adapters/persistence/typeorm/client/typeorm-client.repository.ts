import { inject, injectable } from 'inversify';
import { CLIENT_IN_USE, ClientFilters, ClientOrderingField, ClientRepository } from '../../../../application/client/client.ports';
import { Client } from '../../../../domain/client/client';
import { Conditions, TypeOrmDatabase } from '../engine';
import { OrganisationRecords } from '../organisation-records';
import { SEARCHED, searchCondition } from '../search-index';
import { ClientMapper } from './client.mapper';
import { ClientRow } from './client.schema';

@injectable()
export class TypeOrmClientRepository extends OrganisationRecords<ClientRow, Client, ClientFilters, ClientOrderingField> implements ClientRepository {
  protected readonly table = {
    entity: 'Client',
    mapper: new ClientMapper(),
    model: 'client',
    inUse: CLIENT_IN_USE,
    counted: true,
    unread: ['name_key', 'email_key'],
    sortKeys: { name: { column: 'name_key' }, dateCreated: { column: 'date_created' } },
  };

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    super(db);
  }

  protected override filtered(query: Conditions, filters: ClientFilters): Conditions {
    if (filters.search !== undefined) searchCondition(this.db.dialect, query, { table: 'clients', columns: SEARCHED.clients }, filters.search, 'search');
    return query;
  }
}
