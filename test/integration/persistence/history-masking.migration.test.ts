import { HistoryMasking1763700001030 } from '../../../adapters/persistence/typeorm/migrations/1763700001030-history-masking';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

const VENDOR_ID = '01a2212b-6b5e-760d-8e7d-f5dda067b63d';

/** Entries as the recorder wrote them before branch codes, internal ids and storage keys were hidden. */
const OLD_ENTRIES: Record<string, Record<string, [unknown, unknown]>> = {
  '00000000-0000-7000-8000-000000000001': {
    name: [null, 'Acme'],
    banking_information: [null, { bank_name: 'First Bank', account_number: '***', branch_code: '250655', swift_code: 'FIRBZAJJ' }],
    created_by_id: [null, '01a2212b-0000-7000-8000-000000000009'],
  },
  '00000000-0000-7000-8000-000000000002': {
    vendor_id: [null, VENDOR_ID],
    receipt: [null, { key: 'receipts/2026/01/abc.png', content_type: 'image/png', size: 16 }],
    entity_id: ['client-7', 'client-8'],
  },
  '00000000-0000-7000-8000-000000000003': { title: ['Taxi', 'Taxi and back'] },
};

describe.each(testDatabases())('the history-masking migration on $name', (factory) => {
  it('rewrites the entries written before as the recorder writes them now, and leaves the others alone', async () => {
    const target = await factory.create();
    const { db, close } = await openMigratedDatabase(target);
    try {
      for (const [id, changes] of Object.entries(OLD_ENTRIES)) {
        await db.execute(
          db.sql(
            `INSERT INTO history (id, organisation_id, model, record_unique_id, action, at, actor_id, changes)
             VALUES (:id, 'org', 'vendor', 'acme', 'created', 0, NULL, :changes)`,
            { id, changes: JSON.stringify(changes) },
          ),
        );
      }

      const runner = db.dataSource.createQueryRunner();
      try {
        await new HistoryMasking1763700001030().up(runner);
      } finally {
        await runner.release();
      }

      const [rows] = await db.select([db.sql('SELECT id, changes FROM history ORDER BY id')]);
      expect(rows.map((row) => JSON.parse(String(row.changes)))).toEqual([
        { name: [null, 'Acme'], banking_information: [null, { bank_name: 'First Bank', account_number: '***', branch_code: '***', swift_code: '***' }] },
        { vendor_id: ['***', '***'], receipt: [null, { content_type: 'image/png', size: 16 }], entity_id: ['client-7', 'client-8'] },
        { title: ['Taxi', 'Taxi and back'] },
      ]);
    } finally {
      await close();
      await target.dispose();
    }
  });
});
