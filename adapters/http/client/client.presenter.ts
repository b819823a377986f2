import { ClientSnapshot } from '../../../domain/client/client';
import { wire } from '../shared/present';

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
