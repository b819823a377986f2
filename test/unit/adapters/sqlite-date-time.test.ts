import { DataSource, EntitySchema } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { sqliteDateTimeReader } from '../../../adapters/persistence/typeorm/sqlite-date-time';

/** The fast reading of SQLite date-time text gives what TypeORM's own conversion gives, for every text. */
describe('SQLite date-time text read as a Date', () => {
  let dataSource: DataSource;
  let typeorm: (value: unknown) => unknown;
  let read: (value: unknown) => unknown;

  beforeAll(async () => {
    const Stamp = new EntitySchema<{ id: number; at: Date }>({
      name: 'Stamp',
      columns: { id: { type: Number, primary: true }, at: { type: 'datetime' } },
    });
    dataSource = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Stamp] });
    await dataSource.initialize();
    const column: ColumnMetadata = dataSource.getMetadata('Stamp').findColumnWithPropertyName('at')!;
    typeorm = (value) => dataSource.driver.prepareHydratedValue(value, column);
    read = sqliteDateTimeReader(typeorm);
  });

  afterAll(() => dataSource.destroy());

  const time = (value: unknown) => (value instanceof Date ? value.getTime() : value);

  it.each([
    '2026-11-25 10:11:12.345',
    '1999-12-31 23:59:59.999',
    '2024-02-29 00:00:00.000',
    '0100-01-01 00:00:00.000',
    '0099-06-15 12:00:00.000', // a year Date.UTC would read as 1999
    '2026-06-31 00:00:00.000', // no 31 June
    '2026-13-01 00:00:00.000',
    '2026-11-25 24:00:00.000',
    '2026-11-25T10:11:12.345',
    '2026-11-25 10:11:12',
    '2026-11-25 10:11:12.34x',
    '2026-11-25 1a:11:12.345',
    '',
    null,
  ])('%p', (text) => {
    expect(time(read(text))).toEqual(time(typeorm(text)));
  });

  it('reads what TypeORM writes, to the millisecond', () => {
    const at = new Date(Date.UTC(2026, 10, 25, 10, 11, 12, 345));
    const written = dataSource.driver.preparePersistentValue(at, dataSource.getMetadata('Stamp').findColumnWithPropertyName('at')!);
    expect(written).toBe('2026-11-25 10:11:12.345');
    expect((read(written) as Date).getTime()).toBe(at.getTime());
  });
});
