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

/** The mail system did not take the message (server down, refused, or credentials rejected). */
export class MailDeliveryFailed extends DomainError {
  readonly code = 'mail_delivery_failed';

  constructor(message = 'The e-mail could not be sent.') {
    super(message);
  }
}
