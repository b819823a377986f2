import { DomainError } from '../../domain/shared/errors';
import type { Allowance } from './ports';

export class NotAuthenticated extends DomainError {
  readonly code = 'not_authenticated';

  constructor(message = 'Authentication credentials were not provided.') {
    super(message);
  }
}

export class AuthenticationFailed extends DomainError {
  readonly code = 'authentication_failed';

  /** `challenge`: the scheme the 401's `WWW-Authenticate` names, when not Basic (a key's, `Bearer`). */
  constructor(
    message = 'Invalid username/password.',
    readonly challenge?: 'Bearer',
  ) {
    super(message);
  }
}

export class Throttled extends DomainError {
  readonly code = 'throttled';

  /** `allowance`: the limit that refused, for the answer's `RateLimit-*` headers (an API key's requests). */
  constructor(
    readonly retryAfterSeconds: number,
    readonly allowance?: Allowance,
  ) {
    super(`Request was throttled. Expected available in ${retryAfterSeconds} seconds.`);
  }
}

/** The mail system did not take the message (server down, refused, or credentials rejected). */
export class MailDeliveryFailed extends DomainError {
  readonly code = 'mail_delivery_failed';

  constructor(message = 'The e-mail could not be sent.') {
    super(message);
  }
}

/**
 * The database did not answer: refused, lost, or slower than its bounds (`DATABASE_*_TIMEOUT_MS`).
 * Nothing the client sent is at fault; the same request may succeed in a few seconds.
 */
export class DatabaseUnavailable extends DomainError {
  readonly code = 'database_unavailable';
  readonly retryAfterSeconds = 5;

  constructor() {
    super('The database is unavailable; try again shortly.');
  }
}

/**
 * The file storage (S3) did not answer: refused, lost, slower than its bounds (`S3_*`), or failing on its side.
 * Nothing the client sent is at fault, and nothing was changed; the same request may succeed in a few seconds.
 */
export class FileStorageUnavailable extends DomainError {
  readonly code = 'file_storage_unavailable';
  readonly retryAfterSeconds = 5;

  constructor() {
    super('The file storage is unavailable; try again shortly.');
  }
}

/** An `Idempotency-Key` already used for another request (its body differs). */
export class IdempotencyMismatch extends DomainError {
  readonly code = 'idempotency_mismatch';

  constructor() {
    super('Idempotency-Key reused with a different request.');
  }
}

/** The first request with this `Idempotency-Key` is still running. */
export class IdempotencyInProgress extends DomainError {
  readonly code = 'idempotency_in_progress';

  constructor() {
    super('A request with this Idempotency-Key is still in progress; retry later.');
  }
}

/** `If-Match` named another version of the record than the stored one: nothing was changed. */
export class PreconditionFailed extends DomainError {
  readonly code = 'precondition_failed';

  constructor() {
    super('Precondition failed: the record has changed.');
  }
}
