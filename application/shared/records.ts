import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { IdGenerator } from './ports';

/**
 * Small rules every organisation-scoped resource shares: how a record is
 * found by its unique_id, how a new one gets its unique_id, how a reference
 * to another record is resolved.
 */

/** The record, or the 404 that an unknown unique_id (or another organisation's) answers. */
export function found<T>(record: T | null): T {
  if (record === null) throw new NotFound();
  return record;
}

/**
 * The unique_id of a new record: the client's, when the organisation has no
 * record with it yet (else a 400 on `unique_id` naming the model), or a new
 * UUIDv7. The storage's unique index settles a race between two creates.
 */
export async function newUniqueId(
  requested: string | undefined,
  ids: IdGenerator,
  findExisting: (uniqueId: string) => Promise<unknown>,
  model: string,
): Promise<string> {
  if (requested === undefined) return ids.next();
  if ((await findExisting(requested)) !== null) throw duplicateUniqueId(model);
  return requested;
}

export function duplicateUniqueId(model: string): ValidationFailed {
  return ValidationFailed.field('unique_id', `${model} with this unique id already exists.`);
}

/** The message of a reference by unique_id to a record the organisation does not have. */
export function unknownReference(uniqueId: string): string {
  return `Object with unique_id=${uniqueId} does not exist.`;
}
