import { ClientFilters, ClientOrderingField } from '../../../application/client/client.ports';
import {
  CLIENT_EMAIL_MAX_LENGTH,
  CLIENT_NAME_MAX_LENGTH,
  CLIENT_PHONE_MAX_LENGTH,
  CLIENT_WEBSITE_MAX_LENGTH,
  ClientChanges,
} from '../../../domain/client/client';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';
import { filters, Orderings, SEARCH_DESCRIPTION } from '../validation/query';
import { NoneMissing, UnboundFields } from '../shared/field-coverage';

/** The writable fields of a client (read-only ones are not declared, so ignored). */
export class ClientInput {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('name', fields.text({ required: true, max: CLIENT_NAME_MAX_LENGTH })) name?: string;
  @Input('email', fields.email({ max: CLIENT_EMAIL_MAX_LENGTH, nullable: true })) email?: string | null;
  @Input('phone', fields.text({ max: CLIENT_PHONE_MAX_LENGTH, nullable: true })) phone?: string | null;
  @Input('website', fields.url({ max: CLIENT_WEBSITE_MAX_LENGTH, nullable: true })) website?: string | null;
}

export type NewClientInput = ClientInput & { name: string };

/** The list's filters (`ClientFilters` of the client ports). */
export class ClientFilterInput implements ClientFilters {
  @Input('search', filters.text(), { description: SEARCH_DESCRIPTION }) search?: string;
}

export const CLIENT_ORDERINGS: Orderings<ClientOrderingField> = {
  choices: { name: 'name', date_created: 'dateCreated' },
  default: { field: 'name', descending: false },
};

// Every field the changes take is read from the body (see field-coverage.ts).
export type ClientFieldsBound = NoneMissing<UnboundFields<ClientChanges, ClientInput> & string>;
