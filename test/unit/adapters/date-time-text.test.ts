import { DataSource, EntitySchema } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { postgresDateTimeReader, sqliteDateTimeReader } from '../../../adapters/persistence/typeorm/engine/date-time-text';

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

/** The fast reading of Postgres `timestamptz` text gives what node-postgres's own parser gives, for every text. */
describe('Postgres timestamptz text read as a Date', () => {
  const pg = (require('pg') as typeof import('pg')).types.getTypeParser(1184, 'text') as (text: string) => unknown;
  const read = postgresDateTimeReader((value) => (typeof value === 'string' ? pg(value) : value));
  const time = (value: unknown) => (value instanceof Date ? value.getTime() : value);

  it.each([
    '2026-11-25 10:11:12.345+00',
    '2026-11-25 10:11:12+00',
    '2026-11-25 10:11:12.3+00',
    '2026-11-25 10:11:12.34+00',
    '2026-11-25 10:11:12.345678+00', // microseconds: a Date keeps the milliseconds
    '2026-11-25 10:11:12.999999+00',
    '1999-12-31 23:59:59.999+00',
    '2024-02-29 00:00:00+00',
    '0100-01-01 00:00:00+00',
    '0099-06-15 12:00:00+00', // a year Date.UTC would read as 1999
    '2026-11-25 10:11:12.345+01', // another session time zone
    '2026-11-25 10:11:12-05',
    '2026-11-25 10:11:12+05:30',
    '2026-11-25 10:11:12.1234567+00', // seven digits: not Postgres's, left to node-postgres
    '2026-11-25 10:11:12.+00',
    '2026-11-25 10:11:12.34x+00',
    '2026-11-25 1a:11:12+00',
    '2026-11-25T10:11:12+00',
    '0001-01-01 00:00:00+00 BC',
    '12026-11-25 10:11:12+00', // a five-digit year
    'infinity',
    '-infinity',
    '+00',
  ])('%p', (text) => {
    expect(time(read(text))).toEqual(time(pg(text)));
  });

  it('leaves what is not text to the other conversion', () => {
    const at = new Date(Date.UTC(2026, 10, 25));
    expect(read(at)).toBe(at);
    expect(read(null)).toBeNull();
  });
});
