import { CLIENT_IN_USE } from '../../../application/client/client.kind';
import {
  Client,
  CLIENT_EMAIL_MAX_LENGTH,
  CLIENT_NAME_MAX_LENGTH,
  CLIENT_PHONE_MAX_LENGTH,
  CLIENT_WEBSITE_MAX_LENGTH,
  ClientSnapshot,
} from '../../../domain/client/client';
import { fieldsOf } from '../declared-field';
import { declareResource } from '../resource-declaration';

const f = fieldsOf<ClientSnapshot>();

/** `/organisation/{org}/clients/` (contract section 5). */
export const CLIENT_DECLARATION = declareResource<ClientSnapshot>()({
  names: { one: 'client', many: 'clients' },
  schemaName: 'Client',
  tagDescription: 'Clients.',
  // Whom the leads are for.
  keyArea: 'leads',
  tagAfter: 'Sales stages',
  table: 'clients',
  restore: Client.restore,
  defaultOrdering: 'name',
  fields: [
    f.uniqueId(),
    f.text('name', { max: CLIENT_NAME_MAX_LENGTH, required: true, folded: true, searched: true, ordering: true }),
    f.email('email', { max: CLIENT_EMAIL_MAX_LENGTH, nullable: true, folded: true, searched: true }),
    f.text('phone', { max: CLIENT_PHONE_MAX_LENGTH, nullable: true }),
    f.url('website', { max: CLIENT_WEBSITE_MAX_LENGTH, nullable: true }),
    f.timestamp('dateCreated', { ordering: true }),
    f.timestamp('lastUpdated'),
  ],
  storage: {
    counted: true,
    inUse: CLIENT_IN_USE,
    indices: [
      { name: 'ix_clients_org_name', columns: ['organisation_id', 'name_key', 'id'] },
      { name: 'ix_clients_org_created', columns: ['organisation_id', 'date_created', 'id'] },
    ],
  },
});
