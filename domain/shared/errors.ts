/**
 * Errors the domain and application layers throw. Each has a stable `code`; the
 * HTTP adapter maps codes to statuses and DRF-shaped bodies in one place.
 */
export type FieldErrors = { [field: string]: string[] | FieldErrors };

export type ErrorCode =
  | 'invalid'
  | 'not_found'
  | 'permission_denied'
  | 'not_authenticated'
  | 'authentication_failed'
  | 'throttled'
  | 'invalid_transition'
  | 'locked'
  | 'in_use'
  | 'conflict'
  | 'mail_delivery_failed'
  | 'database_unavailable'
  | 'file_storage_unavailable'
  | 'idempotency_mismatch'
  | 'idempotency_in_progress'
  | 'precondition_failed';

export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input that breaks a rule, reported per field as DRF does. */
export class ValidationFailed extends DomainError {
  readonly code = 'invalid';

  constructor(readonly errors: FieldErrors) {
    super('Invalid input.');
  }

  static field(field: string, message: string): ValidationFailed {
    return new ValidationFailed({ [field]: [message] });
  }
}

/** Unknown id, or a record of an organisation the caller does not belong to. */
export class NotFound extends DomainError {
  readonly code = 'not_found';

  constructor(message = 'Not found.') {
    super(message);
  }
}

export class PermissionDenied extends DomainError {
  readonly code = 'permission_denied';

  constructor(message = 'You do not have permission to perform this action.') {
    super(message);
  }
}

/** A state-machine move that the current state does not allow. */
export class InvalidTransition extends DomainError {
  readonly code = 'invalid_transition';
}

/** A record that its state (or a lock date) freezes against edits. */
export class Locked extends DomainError {
  readonly code = 'locked';
}

/** A record that others still reference and so cannot be deleted. */
export class InUse extends DomainError {
  readonly code = 'in_use';
}

/** A concurrent change won the race; the caller may retry. */
export class ConcurrentModification extends DomainError {
  readonly code = 'conflict';

  constructor(message = 'The record was changed by another request; retry.') {
    super(message);
  }
}
