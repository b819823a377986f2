import { FieldErrors, ValidationFailed } from '../../domain/shared/errors';

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
