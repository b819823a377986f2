import { FieldErrors, ValidationFailed } from '../../domain/shared/errors';
import { UnitOfWork } from './ports';

export interface UniqueField {
  field: string;
  message: string;
  /** Undefined: not being written, so not checked. */
  value: string | undefined;
  isTaken: (value: string) => Promise<boolean>;
}

/**
 * The friendly check before a write, every clash reported at once. The
 * database's unique indexes still decide under concurrency, and repositories
 * translate their violations into the same messages.
 */
export async function assertUnique(fields: UniqueField[]): Promise<void> {
  const errors: FieldErrors = {};
  for (const { field, message, value, isTaken } of fields) {
    if (value !== undefined && (await isTaken(value))) errors[field] = [message];
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}

/**
 * A create whose unique fields the store's unique indexes guard, written
 * without asking first: a clash fails the write (a 400 on one field), and
 * only then are the fields checked, so that every clash is still reported at
 * once, as `assertUnique` reports them. `write` runs its own transaction,
 * which has ended when the check runs. Inside a transaction of the caller's
 * (a create under an Idempotency-Key) a failed statement would end that one
 * too (Postgres), so the fields are checked first there, as before.
 */
export async function createUnique<T>(unitOfWork: UnitOfWork, fields: UniqueField[], write: () => Promise<T>): Promise<T> {
  if (unitOfWork.inTransaction) {
    await assertUnique(fields);
    return write();
  }
  try {
    return await write();
  } catch (error) {
    const clash = error instanceof ValidationFailed && fields.some(({ field, value }) => value !== undefined && field in error.errors);
    // A clash that is gone by now (the other record deleted meanwhile) leaves the write's own error.
    if (clash) await assertUnique(fields);
    throw error;
  }
}
