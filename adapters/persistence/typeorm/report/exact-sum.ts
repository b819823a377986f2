import { Decimal } from '../../../../domain/shared/decimal';

/**
 * Each value is summed in two parts, split at 10^9: a BIGINT sum overflows
 * past 9.2 × 10^18 (SQLite then fails with "integer overflow"), and one
 * lead's value alone may reach 10^18 minor units. Either part of a value
 * stays under 10^9, so neither sum can overflow before some nine billion
 * rows; the adapter joins them exactly with BigInt. Both engines divide
 * integers towards zero and keep the dividend's sign in `%`, so
 * `high × 10^9 + low` is the value again, negatives included.
 */
const SPLIT = 1_000_000_000n;

/** The select-list items of the exact sum of an integer SQL expression: `<alias>_high` and `<alias>_low`. */
export function exactSum(expression: string, alias: string): string {
  return `SUM((${expression}) / ${SPLIT}) AS ${alias}_high, SUM((${expression}) % ${SPLIT}) AS ${alias}_low`;
}

/** The sum `exactSum` selected, as a decimal of `scale` places (zero when no row had a value). */
export function readExactSum(row: Record<string, unknown>, alias: string, scale = 2): Decimal {
  const part = (value: unknown): bigint => (value == null ? 0n : BigInt(value as string | number | bigint));
  return Decimal.fromUnits(part(row[`${alias}_high`]) * SPLIT + part(row[`${alias}_low`]), scale);
}
