import { EntitySchemaColumnOptions, EntitySchemaOptions, QueryRunner, TableColumnOptions, ValueTransformer } from 'typeorm';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { Dialect } from './engine';

export type { Dialect };

/** The engine a migration runs on. */
export function queryRunnerDialect(queryRunner: QueryRunner): Dialect {
  return queryRunner.connection.options.type === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * Decimals are stored as integer minor units (BIGINT) at the field's scale:
 * exact on both engines, numerically sorted, and up to 18 digits.
 */
export function decimalTransformer(scale: number): ValueTransformer {
  return {
    to: (value: Decimal | null | undefined) => (value == null ? value : value.toUnits(scale).toString()),
    from: (value: unknown) => (value == null ? null : Decimal.fromUnits(BigInt(value as string | bigint), scale)),
  };
}

/** SQLite answers integers as BigInt (safe-integer mode); Postgres answers BIGINT as text. */
export const integerTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: unknown) => (value == null ? null : Number(value)),
};

/** A time as epoch milliseconds (BIGINT), as the tables that raw statements also read keep it. */
export const epochMillisTransformer: ValueTransformer = {
  to: (value: Date | null | undefined) => (value == null ? value : value.getTime()),
  from: (value: unknown) => (value == null ? null : new Date(Number(value))),
};

/** A flag as 0 or 1 (SMALLINT), as the tables that raw statements also read keep it. */
export const flagTransformer: ValueTransformer = {
  to: (value: boolean | null | undefined) => (value == null ? value : value ? 1 : 0),
  from: (value: unknown) => (value == null ? null : Number(value) === 1),
};

export const calendarDateTransformer: ValueTransformer = {
  to: (value: CalendarDate | null | undefined) => (value == null ? value : value.toString()),
  from: (value: unknown) => (value == null ? null : CalendarDate.of(String(value).slice(0, 10))),
};

/** The SQL types in use; `timestamp` is the engine's own (see `sqlType`). */
type ColumnKind = 'varchar' | 'text' | 'boolean' | 'smallint' | 'bigint' | 'date' | 'timestamp';

interface ColumnSpec {
  type: ColumnKind;
  length?: number;
  nullable?: boolean;
  primary?: boolean;
  /** SQL text, as a migration writes it. */
  default?: string;
  bytewise?: boolean;
  transformer?: ValueTransformer;
}

/**
 * One column, described once and rendered both for an entity schema and for a
 * migration's table, so that the two cannot disagree on a type, a length, a
 * default or a collation. `T` is the value a row holds in it (see `RowOf`).
 */
export class Column<T> {
  /** Carries `T` only; never set. */
  declare readonly value: T;

  constructor(private readonly spec: ColumnSpec) {}

  nullable(): Column<T | null> {
    return new Column<T | null>({ ...this.spec, nullable: true });
  }

  primary(): Column<T> {
    return new Column<T>({ ...this.spec, primary: true });
  }

  /** Compared byte by byte on Postgres too (collation "C"), as SQLite compares all text. */
  bytewise(): Column<T> {
    return new Column<T>({ ...this.spec, bytewise: true });
  }

  /** What rows that predate the column hold (SQL text): SQLite adds a NOT NULL column only with a default. */
  withDefault(sql: string): Column<T> {
    return new Column<T>({ ...this.spec, default: sql });
  }

  forEntity(dialect: Dialect): EntitySchemaColumnOptions {
    const { spec } = this;
    const sqlDefault = spec.default;
    return {
      type: sqlType(spec, dialect),
      length: spec.length,
      nullable: spec.nullable ?? false,
      primary: spec.primary,
      // A function: the SQL text itself, as the migration wrote it, not a quoted string.
      default: sqlDefault === undefined ? undefined : () => sqlDefault,
      collation: collationOf(spec, dialect),
      transformer: spec.transformer,
    };
  }

  forTable(name: string, dialect: Dialect): TableColumnOptions {
    const { spec } = this;
    return {
      name,
      type: sqlType(spec, dialect),
      length: spec.length === undefined ? undefined : String(spec.length),
      isNullable: spec.nullable,
      isPrimary: spec.primary,
      default: spec.default,
      collation: collationOf(spec, dialect),
    };
  }
}

/** Timestamps keep their time zone on Postgres; SQLite has no such type and stores text. */
function sqlType(spec: ColumnSpec, dialect: Dialect): Exclude<ColumnKind, 'timestamp'> | 'timestamptz' | 'datetime' {
  if (spec.type !== 'timestamp') return spec.type;
  return dialect === 'postgres' ? 'timestamptz' : 'datetime';
}

function collationOf(spec: ColumnSpec, dialect: Dialect): string | undefined {
  return spec.bytewise && dialect === 'postgres' ? 'C' : undefined;
}

/**
 * The column kinds of every table: NOT NULL unless `.nullable()`. Entity
 * schemas and migrations both describe their columns with these; a migration
 * never imports a schema's columns, since what it did must not change with
 * them. For the same reason what a kind renders to is fixed once released:
 * a new SQL type is a new kind.
 */
export const column = {
  /** A UUID primary key. */
  id: () => new Column<string>({ type: 'varchar', length: 36, primary: true }),
  /** A UUID naming a row of another table. */
  ref: () => new Column<string>({ type: 'varchar', length: 36 }),
  varchar: (length: number) => new Column<string>({ type: 'varchar', length }),
  text: () => new Column<string>({ type: 'text' }),
  boolean: (defaultValue = false) => new Column<boolean>({ type: 'boolean', default: defaultValue ? 'true' : 'false' }),
  integer: () => new Column<number>({ type: 'bigint', transformer: integerTransformer }),
  decimal: (scale = 2) => new Column<Decimal>({ type: 'bigint', transformer: decimalTransformer(scale) }),
  date: () => new Column<CalendarDate>({ type: 'date', transformer: calendarDateTransformer }),
  timestamp: () => new Column<Date>({ type: 'timestamp' }),
  /** A time as epoch milliseconds, and a flag as 0 or 1 without a default: the webhook tables' (migration 990), which raw statements read too. */
  epochMillis: () => new Column<Date>({ type: 'bigint', transformer: epochMillisTransformer }),
  flag: () => new Column<boolean>({ type: 'smallint', transformer: flagTransformer }),
};

export type Columns = Record<string, Column<unknown>>;

/** The row type a table's columns describe. */
export type RowOf<C extends Columns> = { -readonly [K in keyof C]: C[K]['value'] };

/** A table's columns as an entity schema declares them. */
export function entityColumns<C extends Columns>(dialect: Dialect, columns: C): { [K in keyof C]: EntitySchemaColumnOptions } {
  const rendered = Object.entries(columns).map(([name, described]) => [name, described.forEntity(dialect)]);
  return Object.fromEntries(rendered) as { [K in keyof C]: EntitySchemaColumnOptions };
}

/** A table's columns as a migration creates them, in their declared order. */
export function tableColumns(dialect: Dialect, columns: Columns): TableColumnOptions[] {
  return Object.entries(columns).map(([name, described]) => described.forTable(name, dialect));
}

type EntityForeignKey = NonNullable<EntitySchemaOptions<unknown>['foreignKeys']>[number];

/**
 * A foreign key as an entity schema declares it, so that the schema builder
 * finds the one a migration made (unnamed keys get the same generated name).
 */
export function references(
  table: string,
  columnNames: string[],
  options: { referencedColumnNames?: string[]; onDelete?: 'CASCADE'; name?: string } = {},
): EntityForeignKey {
  return {
    target: table,
    columnNames,
    referencedColumnNames: options.referencedColumnNames ?? ['id'],
    onDelete: options.onDelete,
    name: options.name,
  };
}

/** Every organisation-scoped table's key: its rows go with their organisation. */
export function organisationKey(): EntityForeignKey {
  return references('organisations', ['organisation_id'], { onDelete: 'CASCADE' });
}

/** Every organisation-scoped table's unique constraint: a unique_id names one row of the organisation. */
export function uniqueIdPerOrganisation(table: string): { name: string; columns: string[] } {
  return { name: `uq_${table}_unique_id`, columns: ['organisation_id', 'unique_id'] };
}
