import { inject, injectable } from 'inversify';
import { AUTH_TOKENS, SessionStore } from './auth.ports';

/** Destroys the session server-side; the cookie alone is worth nothing afterwards. */
@injectable()
export class LogOut {
  constructor(@inject(AUTH_TOKENS.SessionStore) private readonly sessions: SessionStore) {}

  async execute(sessionToken: string | null): Promise<void> {
    if (sessionToken) await this.sessions.end(sessionToken);
  }
}
