import type { ApiKeyScope } from '../../domain/api-key/api-key-scope';
import type { Acting } from './history';
import type { Prereads } from './preread';

/** The authenticated caller of a use case. */
export interface Actor {
  personId: string;
  /** What was read with the credentials' check, for the use case to take instead of reading it (see `Preread`). */
  preread?: Prereads;
  /** The API key the person acts through, when they do: it reaches its own organisation alone, within its scopes. */
  apiKey?: ActingKey;
}

/** What a request made with an API key knows of the key. */
export interface ActingKey {
  id: string;
  uniqueId: string;
  name: string;
  prefix: string;
  /** Its organisation's internal id: every other organisation is a 404 to it. */
  organisationId: string;
  scopes: readonly ApiKeyScope[];
}

/** Who acts, as history and events record it: the person, and the key they act through. */
export function actingOf(actor: Actor, action?: string): Acting {
  const key = actor.apiKey;
  return { personId: actor.personId, ...(key && { apiKey: { id: key.id, uniqueId: key.uniqueId, name: key.name } }), ...(action !== undefined && { action }) };
}

/** A nested reference to a person, `{unique_id, full_name}` on the wire. */
export interface PersonRef {
  uniqueId: string;
  fullName: string;
}

/** A person a view may name, with the internal id records refer to them by. */
export interface KnownPerson extends PersonRef {
  id: string;
}
