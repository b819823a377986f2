import { exactSum, readExactSum } from '../../../adapters/persistence/typeorm/report/exact-sum';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

/**
 * The database's sums of minor units are exact past BIGINT: ten leads of
 * 9 999 999 999 999 999.99 add up to more than 9.2 × 10^18 cents, where a
 * plain SUM fails on SQLite and a float would lose the cents.
 */
describe.each(testDatabases())('exact sums on $name', (factory) => {
  let db: TypeOrmDatabase;
  let close: () => Promise<void>;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const target = await factory.create();
    dispose = target.dispose;
    ({ db, close } = await openMigratedDatabase(target));
  });

  afterAll(async () => {
    await close();
    await dispose();
  });

  const sumOf = async (units: string[]) => {
    const values = units.map((value) => `SELECT CAST(${value} AS BIGINT) AS v`).join(' UNION ALL ');
    const [rows] = await db.select([db.sql(`SELECT ${exactSum('t.v', 'total')} FROM (${values}) t`)]);
    return readExactSum(rows[0], 'total').toString();
  };

  it.each([
    ['0.10 + 0.20', ['10', '20'], '0.30'],
    ['1234567890123.45 + 0.01', ['123456789012345', '1'], '1234567890123.46'],
    ['ten times the largest lead value', Array(10).fill('999999999999999999'), '99999999999999999.90'],
    ['values of both signs', ['-999999999999999999', '1', '-5'], '-10000000000000000.03'],
    ['nothing', [], '0.00'],
  ])('%s', async (_case, units, expected) => {
    expect(await sumOf(units.length > 0 ? units : ['NULL'])).toBe(expected);
  });
});
