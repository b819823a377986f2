import type { CustomTypesConfig } from 'pg';
import { DataSource } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { postgresDateTimeReader, sqliteDateTimeReader } from './date-time-text';
import { Dialect } from './dialect';
import { ResultTable } from './result-table';

const TEXT_TYPES = new Set<unknown>(['varchar', 'text']);

/** One array of values, in the order of a result's columns, as an entity's row. */
type Hydrator = (values: unknown[]) => unknown;

const DATE_OID = 1082;
const TIMESTAMPTZ_OID = 1184;

/** node-postgres's type parsers, loaded on Postgres only. */
function postgresTypes(): typeof import('pg').types {
  return (require('pg') as typeof import('pg')).types;
}

let textDates: CustomTypesConfig | undefined;

/**
 * node-postgres's parsers, but dates and `timestamptz`s left as text, for
 * queries whose rows are hydrated: the hydrator reads them by their digits
 * (see date-time-text), where node-postgres would run `postgres-date`'s
 * regular expressions and TypeORM would turn a date back into text.
 */
export function postgresTextDates(): CustomTypesConfig {
  if (!textDates) {
    const types = postgresTypes();
    const asText = (text: string) => text;
    const getTypeParser = (oid: number, format?: string) =>
      oid === DATE_OID || oid === TIMESTAMPTZ_OID ? asText : types.getTypeParser(oid, format as 'text');
    textDates = { getTypeParser: getTypeParser as CustomTypesConfig['getTypeParser'] };
  }
  return textDates;
}

/**
 * Rows read in array form turned into entities' rows as TypeORM would
 * hydrate them, column by column through TypeORM's own driver, by a function
 * made once per entity and column list.
 */
export class Hydration {
  private readonly hydrators = new Map<string, Hydrator>();
  /** Hydrators by the column list of a kept SQLite statement (the same array on every run), spared building the list's key. */
  private readonly hydratorsOfColumns = new WeakMap<string[], Map<string, Hydrator>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly dialect: Dialect,
  ) {}

  /** Registers the column list of a statement that is kept, whose every result shares that array. */
  keptColumns(columns: string[]): void {
    this.hydratorsOfColumns.set(columns, new Map());
  }

  /**
   * Rows of an entity's table, read in array form, as TypeORM would hydrate
   * them. Its columns are the first of their names from column `from` on: a
   * join of tables that share column names hydrates each from its own side.
   */
  hydrate<Row>(entity: string, table: ResultTable, from = 0): Row[] {
    const hydrate = this.hydratorOf(entity, table.columns, from);
    return table.rows.map((values) => hydrate(values) as Row);
  }

  /** Turns one array of values, in the order of `columns`, into the entity's row; made once per entity and column list. */
  private hydratorOf(entity: string, columns: string[], from: number): Hydrator {
    // Only a kept statement's list is registered: other results (Postgres's, a write's) have a list of their own each time.
    const byEntity = this.hydratorsOfColumns.get(columns);
    const entityFrom = from === 0 ? entity : `${entity}@${from}`;
    let hydrate = byEntity?.get(entityFrom);
    if (!hydrate) {
      hydrate = this.hydratorByKey(entity, columns, from);
      byEntity?.set(entityFrom, hydrate);
    }
    return hydrate;
  }

  private hydratorByKey(entity: string, columns: string[], from: number): Hydrator {
    const key = `${entity}@${from}:${columns.join(',')}`;
    let hydrate = this.hydrators.get(key);
    if (!hydrate) {
      const { driver } = this.dataSource;
      const metadata: ColumnMetadata[] = this.dataSource.getMetadata(entity).columns;
      // Text arrives as text on both engines: TypeORM's conversion is the identity for it, and is skipped;
      // SQLite's date-times are read by their digits.
      const read = metadata.map((column) => {
        const typeorm = (value: unknown) => driver.prepareHydratedValue(value, column);
        let convert: ((value: unknown) => unknown) | null = typeorm;
        if (TEXT_TYPES.has(column.type) && !column.transformer) convert = null;
        else if (this.dialect === 'sqlite' && column.type === 'datetime' && !column.transformer) convert = sqliteDateTimeReader(typeorm);
        else if (this.dialect === 'postgres' && column.type === 'timestamptz' && !column.transformer) {
          // The text of a hydrated query (`postgresTextDates`); any other form as node-postgres reads it, then TypeORM.
          const parse = postgresTypes().getTypeParser(TIMESTAMPTZ_OID, 'text');
          convert = postgresDateTimeReader((value) => typeorm(typeof value === 'string' ? parse(value) : value));
        }
        return { property: column.propertyName, index: columns.indexOf(column.databaseName, from), convert };
      });
      hydrate = (values) => {
        const row: Record<string, unknown> = {};
        for (const { property, index, convert } of read) {
          const value = index < 0 ? undefined : values[index];
          row[property] = convert ? convert(value) : value;
        }
        return row;
      };
      this.hydrators.set(key, hydrate);
    }
    return hydrate;
  }
}
