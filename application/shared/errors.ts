import { DomainError } from '../../domain/shared/errors';

export class NotAuthenticated extends DomainError {
  readonly code = 'not_authenticated';

  constructor(message = 'Authentication credentials were not provided.') {
    super(message);
  }
}

export class AuthenticationFailed extends DomainError {
  readonly code = 'authentication_failed';

  constructor(message = 'Invalid username/password.') {
    super(message);
  }
}

export class Throttled extends DomainError {
  readonly code = 'throttled';

  constructor(readonly retryAfterSeconds: number) {
    super(`Request was throttled. Expected available in ${retryAfterSeconds} seconds.`);
  }
}
