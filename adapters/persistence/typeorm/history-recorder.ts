import { declaredSecretFields } from '../../declaration/declared-resources';
import { isSecretField, MASK } from '../../../application/shared/secret-fields';
import { actingContext } from '../../system/acting-context';
import { UuidV7Generator } from '../../system/uuid-v7-generator';
import { SqlQuery, TypeOrmDatabase } from './engine';

const ids = new UuidV7Generator();
/** Bookkeeping every change touches, or the entry says itself (who made it): not a change of its own. */
const LEFT_OUT = new Set(['id', 'organisation_id', 'created_by_id', 'last_updated']);
/** Fields named `…_id` that the API shows as they are; every other one holds an internal id. */
const WIRE_IDS = new Set(['unique_id', 'entity_id']);

interface Snapshot {
  id: string;
  uniqueId: string;
  organisationId: string;
}

/**
 * Writes one history entry (contract section 8) in the current transaction:
 * `created` with every field, `updated` (or the expense action's name) with
 * the fields that changed, `deleted` with none; fields as the API names them,
 * values as JSON, secrets masked, the acting person from the request.
 */
export async function recordChange(db: TypeOrmDatabase, model: string, before: object | null, after: object | null): Promise<void> {
  const entry = historyEntry(db, model, before, after);
  if (entry) await db.execute(entry);
}

/** The statement that writes the history entry of a change (see `recordChange`); null for an update that changed nothing. */
export function historyEntry(db: TypeOrmDatabase, model: string, before: object | null, after: object | null): SqlQuery | null {
  const subject = (after ?? before) as Snapshot;
  const current = actingContext.current();
  const action = after === null ? 'deleted' : before === null ? 'created' : (current?.action ?? 'updated');
  const changes = after === null ? {} : changesBetween(before, after);
  if (action === 'updated' && Object.keys(changes).length === 0) return null;
  return db.sql(
    `INSERT INTO history (id, organisation_id, model, record_unique_id, action, at, actor_id, api_key_id, changes)
     VALUES (:id, :organisationId, :model, :recordUniqueId, :action, :at, :actorId, :apiKeyId, :changes)`,
    {
      // Time-ordered: entries of the same millisecond keep their order.
      id: ids.next(),
      organisationId: subject.organisationId,
      model: model.replace(/ /g, '_'),
      recordUniqueId: subject.uniqueId,
      action,
      at: Date.now(),
      actorId: current?.personId ?? null,
      apiKeyId: current?.apiKey?.id ?? null,
      changes: JSON.stringify(changes),
    },
  );
}

/** A property's name as the API's field, and whether history masks it: a secret, or an internal id. */
interface Field {
  field: string;
  hidden: boolean;
}

/** The fields of the properties met so far: the entities' own names, a few hundred (every write went through a regular expression per property). */
const fields = new Map<string, Field>();
const FIELDS_KEPT = 2_000;
/** The secrets the resources' declarations name, besides the shared rule's. */
const DECLARED_SECRETS = declaredSecretFields();

function fieldOf(name: string): Field {
  let known = fields.get(name);
  if (!known) {
    const field = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    known = { field, hidden: isSecretField(field) || DECLARED_SECRETS.has(field) || (field.endsWith('_id') && !WIRE_IDS.has(field)) };
    if (fields.size < FIELDS_KEPT) fields.set(name, known);
  }
  return known;
}

/**
 * Field → [old, new] for every top-level field that changed, hidden ones
 * (secrets, internal ids) compared as they are and shown masked, a stored
 * file without its storage key.
 */
export function changesBetween(before: object | null, after: object): Record<string, [unknown, unknown]> {
  const shownNow = wireOf(after, true) as Record<string, unknown>;
  const changes: Record<string, [unknown, unknown]> = {};
  if (before === null) {
    // A new record: each field it holds is a change from nothing (masking keeps null as null).
    for (const [field, value] of Object.entries(shownNow)) {
      if (LEFT_OUT.has(field) || value === null) continue;
      changes[field] = fieldOf(field).hidden ? [MASK, MASK] : [null, value];
    }
    return changes;
  }
  const [old, now] = [wireOf(before, false), wireOf(after, false)] as Record<string, unknown>[];
  const shownOld = wireOf(before, true) as Record<string, unknown>;
  for (const field of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (LEFT_OUT.has(field)) continue;
    if (JSON.stringify(old[field] ?? null) === JSON.stringify(now[field] ?? null)) continue;
    changes[field] = fieldOf(field).hidden ? [MASK, MASK] : [shownOld[field] ?? null, shownNow[field] ?? null];
  }
  return changes;
}

/**
 * A domain value as JSON with the API's snake_case names: decimals and
 * calendar dates as their text; when `shown`, nested hidden fields masked and
 * a stored file's storage key (where the file lies, for the storage adapter
 * alone) left out.
 */
function wireOf(value: unknown, shown: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => wireOf(item, shown));
  if (typeof value === 'object') {
    if (Object.getPrototypeOf(value) !== Object.prototype) return String(value);
    const storedFile = shown && 'contentType' in value && 'key' in value;
    const wire: Record<string, unknown> = {};
    for (const [name, nested] of Object.entries(value as Record<string, unknown>)) {
      if (storedFile && name === 'key') continue;
      const { field, hidden } = fieldOf(name);
      wire[field] = shown && hidden && nested !== null && nested !== undefined ? MASK : wireOf(nested, shown);
    }
    return wire;
  }
  return typeof value === 'bigint' ? value.toString() : value;
}
