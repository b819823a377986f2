import { EntitySchemaColumnOptions, ValueTransformer } from 'typeorm';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';

/** The two storage engines, which differ only in a few column types. */
export type Dialect = 'sqlite' | 'postgres';

export function timestampType(dialect: Dialect): 'timestamptz' | 'datetime' {
  return dialect === 'postgres' ? 'timestamptz' : 'datetime';
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

export const calendarDateTransformer: ValueTransformer = {
  to: (value: CalendarDate | null | undefined) => (value == null ? value : value.toString()),
  from: (value: unknown) => (value == null ? null : CalendarDate.of(String(value).slice(0, 10))),
};

/** Column builders for entity schemas, bound to one dialect. */
export function columnsFor(dialect: Dialect) {
  return {
    id: (): EntitySchemaColumnOptions => ({ type: 'varchar', length: 36, primary: true }),
    ref: (nullable = false): EntitySchemaColumnOptions => ({ type: 'varchar', length: 36, nullable }),
    text: (length?: number, nullable = true): EntitySchemaColumnOptions =>
      length ? { type: 'varchar', length, nullable } : { type: 'text', nullable },
    boolean: (): EntitySchemaColumnOptions => ({ type: 'boolean' }),
    integer: (nullable = false): EntitySchemaColumnOptions => ({ type: 'bigint', nullable, transformer: integerTransformer }),
    decimal: (scale = 2, nullable = false): EntitySchemaColumnOptions => ({
      type: 'bigint',
      nullable,
      transformer: decimalTransformer(scale),
    }),
    date: (nullable = true): EntitySchemaColumnOptions => ({ type: 'date', nullable, transformer: calendarDateTransformer }),
    timestamp: (nullable = false): EntitySchemaColumnOptions => ({ type: timestampType(dialect), nullable }),
  };
}
