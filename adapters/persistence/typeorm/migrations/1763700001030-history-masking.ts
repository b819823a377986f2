import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * History entries written before secrets were named in one place showed a
 * vendor's `branch_code`, routing and swift codes, an employee's medications,
 * internal ids and a receipt's storage key. They are rewritten as the
 * recorder now writes them. The rule is copied here as it stood, so that
 * this migration does the same whatever the recorder becomes.
 */
const SECRET = new Set([
  'account_number',
  'branch_code',
  'routing_number',
  'swift_code',
  'iban',
  'bic',
  'sort_code',
  'medical_aid_number',
  'medical_aid_provider',
  'medical_aid_plan',
  'medical_conditions',
  'allergies',
  'medications',
  'emergency_contact',
  'emergency_phone',
  'secret',
  'token',
  'token_hash',
  'accept_url',
]);
const WIRE_IDS = new Set(['unique_id', 'entity_id']);
const MASK = '***';
const BATCH = 1_000;

const hidden = (field: string) => SECRET.has(field) || (field.endsWith('_id') && !WIRE_IDS.has(field));

export class HistoryMasking1763700001030 implements MigrationInterface {
  name = 'HistoryMasking1763700001030';

  async up(queryRunner: QueryRunner): Promise<void> {
    const driver = queryRunner.connection.driver;
    let after = '';
    for (;;) {
      const [select, parameters] = driver.escapeQueryWithParameters('SELECT id, changes FROM history WHERE id > :after ORDER BY id LIMIT :limit', { after, limit: BATCH });
      const rows: { id: string; changes: string }[] = await queryRunner.query(select, parameters);
      if (rows.length === 0) return;
      for (const row of rows) {
        const masked = JSON.stringify(maskChanges(JSON.parse(row.changes) as Record<string, unknown>));
        if (masked === row.changes) continue;
        const [update, values] = driver.escapeQueryWithParameters('UPDATE history SET changes = :changes WHERE id = :id', { changes: masked, id: row.id });
        await queryRunner.query(update, values);
      }
      after = rows[rows.length - 1].id;
    }
  }

  /** What was shown is not kept anywhere to bring back. */
  async down(): Promise<void> {}
}

function maskChanges(changes: Record<string, unknown>): Record<string, unknown> {
  const masked: Record<string, unknown> = {};
  for (const [field, pair] of Object.entries(changes)) {
    if (field === 'created_by_id') continue;
    masked[field] = hidden(field) ? [MASK, MASK] : Array.isArray(pair) ? pair.map(maskValue) : pair;
  }
  return masked;
}

function maskValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskValue);
  if (value === null || typeof value !== 'object') return value;
  const storedFile = 'content_type' in value && 'key' in value;
  const masked: Record<string, unknown> = {};
  for (const [field, nested] of Object.entries(value)) {
    if (storedFile && field === 'key') continue;
    masked[field] = hidden(field) && nested !== null ? MASK : maskValue(nested);
  }
  return masked;
}
