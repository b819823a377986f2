import { QueryFailedError } from 'typeorm';

/** What a write's failure is reported as (a repository's translation of a constraint's violation). */
export type WriteFailure = (error: QueryFailedError) => unknown;

/** Whether a write failed on a unique constraint, optionally one naming `column`. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = (error as QueryFailedError & { driverError?: { code?: string; detail?: string; message?: string } })
    .driverError;
  const code = driverError?.code ?? '';
  const text = `${driverError?.message ?? ''} ${driverError?.detail ?? ''}`;
  const unique = code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  return unique && (column === undefined || text.includes(column));
}

/** Whether Postgres aborted a transaction to keep it serializable (or out of a deadlock). */
export function isSerializationFailure(error: unknown): boolean {
  const code = (error as { driverError?: { code?: string }; code?: string })?.driverError?.code ?? (error as { code?: string })?.code;
  return code === '40001' || code === '40P01';
}

/** Whether a write failed on a foreign key: a row still referenced, or a reference to a row gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error as QueryFailedError & { driverError?: { code?: string } }).driverError?.code ?? '';
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
