import { KnownPerson, PersonRef } from '../shared/actor';
import { PersonRepository } from './person.ports';

/**
 * The people records name, by id (nulls and repeats left out): those in
 * `known` as they are (an absent one, such as a caller the request did not
 * read, is skipped), the others read in one query, none when every one is
 * known. A record just created names its creator, whom the request already
 * read with the organisation: its view then reads no person.
 */
export async function peopleNamed(
  people: PersonRepository,
  ids: (string | null)[],
  known: readonly (KnownPerson | undefined)[] = [],
): Promise<Map<string, PersonRef>> {
  const named = new Map<string, PersonRef>();
  const wanted = new Set(ids.filter((id): id is string => id !== null));
  for (const person of known) {
    if (person && wanted.has(person.id)) named.set(person.id, { uniqueId: person.uniqueId, fullName: person.fullName });
  }
  const missing = [...wanted].filter((id) => !named.has(id));
  if (missing.length > 0) for (const person of await people.findByIds(missing)) named.set(person.id, { uniqueId: person.uniqueId, fullName: person.fullName });
  return named;
}
