import { inject, injectable } from 'inversify';
import { AuthenticateApiKey } from '../../../application/api-key/authenticate-api-key.use-case';
import { Authenticate } from '../../../application/auth/authenticate.use-case';
import { authenticated, AuthenticationOptions } from '../middleware/authentication';
import type { Routes } from './routes';

/** A group of operations; every controller is bound under `HTTP_TOKENS.Controller`. */
export interface HttpController {
  register(routes: Routes): void;
}

export const HTTP_TOKENS = {
  Controller: Symbol.for('HttpController'),
} as const;

export const API_PREFIX = '/api/v1.0';

/** The credentials check that every protected route starts with. */
@injectable()
export class AuthGuard {
  constructor(
    @inject(Authenticate) private readonly authenticate: Authenticate,
    @inject(AuthenticateApiKey) private readonly authenticateKey: AuthenticateApiKey,
  ) {}

  required(options?: AuthenticationOptions) {
    return authenticated(this.authenticate, this.authenticateKey, options);
  }
}

/** Where the client reached us (behind a trusted proxy, as it says, or `PUBLIC_BASE_URL`): the origin of absolute links in answers. */
export const originOf = (ctx: { state: { origin?: unknown } }): string => ctx.state.origin as string;
