import {
  CLIENT_NAME_MAX_LENGTH,
  CLIENT_PHONE_MAX_LENGTH,
  CLIENT_WEBSITE_MAX_LENGTH,
  ClientSnapshot,
} from '../../../domain/client/client';
import { wire } from '../shared/present';
import { wireSchema as s } from '../shared/wire-schema';
import { NoneMissing, UnpresentedFields } from '../shared/field-coverage';

export function presentClient(c: ClientSnapshot) {
  return {
    unique_id: c.uniqueId,
    name: c.name,
    email: c.email,
    phone: c.phone,
    website: c.website,
    date_created: wire.dateTime(c.dateCreated),
    last_updated: wire.dateTime(c.lastUpdated),
  };
}

/** What `presentClient` writes. */
export const CLIENT_SCHEMA = s.named(
  'Client',
  s.object<ReturnType<typeof presentClient>>({
    unique_id: s.uniqueId(),
    name: s.text({ max: CLIENT_NAME_MAX_LENGTH }),
    email: s.nullable(s.email()),
    phone: s.nullable(s.text({ max: CLIENT_PHONE_MAX_LENGTH })),
    website: s.nullable(s.uri(CLIENT_WEBSITE_MAX_LENGTH)),
    date_created: s.dateTime(),
    last_updated: s.dateTime(),
  }),
);

// Every field reaches the wire (see field-coverage.ts).
export type ClientFieldsPresented = NoneMissing<UnpresentedFields<ClientSnapshot, ReturnType<typeof presentClient>, 'id' | 'organisationId'> & string>;
