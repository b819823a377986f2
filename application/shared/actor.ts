import type { Prereads } from './preread';

/** The authenticated caller of a use case. */
export interface Actor {
  personId: string;
  /** What was read with the credentials' check, for the use case to take instead of reading it (see `Preread`). */
  preread?: Prereads;
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
