import { HistoryEntry } from '../../../application/shared/history';
import { wire } from './present';
import { WireSchema, wireSchema as s } from './wire-schema';

export function presentHistoryEntry(entry: HistoryEntry) {
  return {
    id: entry.id,
    model: entry.model,
    record: entry.recordUniqueId,
    action: entry.action,
    at: wire.dateTime(entry.at),
    actor: entry.actor && { unique_id: entry.actor.uniqueId, full_name: entry.actor.fullName },
    api_key: entry.apiKey && { unique_id: entry.apiKey.uniqueId, name: entry.apiKey.name },
    changes: entry.changes,
  };
}

/** Field → [old, new], values as the record's answer writes them; secrets as "***". */
const CHANGES: WireSchema<Record<string, [unknown, unknown]>> = {
  json: {
    type: 'object',
    description: 'The fields the change touched, by wire name: each its value before, then after.',
    additionalProperties: {
      type: 'array',
      minItems: 2,
      maxItems: 2,
      items: { description: 'A value as the record\'s answer writes it (any JSON value, null when unset); "***" for a secret.' },
    },
  },
  components: {},
};

/** What `presentHistoryEntry` writes. */
export const HISTORY_ENTRY_SCHEMA = s.named(
  'HistoryEntry',
  s.object<ReturnType<typeof presentHistoryEntry>>({
    id: s.text(),
    model: s.text(),
    record: s.uniqueId(),
    action: s.text(),
    at: s.dateTime(),
    actor: s.nullable(s.object({ unique_id: s.uniqueId(), full_name: s.text() })),
    api_key: s.nullable(s.object({ unique_id: s.uniqueId(), name: s.text() })),
    changes: CHANGES,
  }),
);
