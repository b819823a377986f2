import { inject, injectable } from 'inversify';
import { ChangePassword } from '../../../application/auth/change-password.use-case';
import { LogIn } from '../../../application/auth/log-in.use-case';
import { LogOut } from '../../../application/auth/log-out.use-case';
import { SignUp } from '../../../application/auth/sign-up.use-case';
import { actorOf, authOf } from '../middleware/authentication';
import { presentProfile, PROFILE_SCHEMA } from '../person/profile.presenter';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, HttpController, originOf } from '../shared/controller';
import { answers } from '../shared/answers';
import { Routes } from '../shared/routes';
import { ChangePasswordInput, LogInInput, SignUpInput } from './auth.dto';
import { presentSignUp, SIGN_UP_SCHEMA } from './auth.presenter';
import { clearSessionCookies, COOKIE_SECURE, setSessionCookies } from './session-cookies';

/** Sign-up, session log-in and log-out, and the password change. */
@injectable()
export class AuthController implements HttpController {
  constructor(
    @inject(SignUp) private readonly signUp: SignUp,
    @inject(LogIn) private readonly logIn: LogIn,
    @inject(LogOut) private readonly logOut: LogOut,
    @inject(ChangePassword) private readonly changePassword: ChangePassword,
    @inject(COOKIE_SECURE) private readonly alwaysSecure: boolean,
  ) {}

  register(routes: Routes): void {
    const auth = `${API_PREFIX}/auth`;
    routes.add({
      method: 'POST',
      path: `${auth}/signup`,
      summary: 'Sign up',
      description: 'Creates an account and the organisation it owns, and starts a session (cookies `sessionid` and `csrftoken`). New accounts from one client address are limited (429). No credentials.',
      credentials: 'none',
      body: { input: SignUpInput, form: true },
      // A replay under an Idempotency-Key is the stored answer: it starts no session (the client logs in).
      answers: [answers.created(SIGN_UP_SCHEMA, { 'Set-Cookie': false })],
      errors: [429], // too many new accounts from this client address
      slowSideEffects: true, // the password hash
      handle: async (ctx) => {
        const result = await this.signUp.execute({ ...bindBody(ctx, SignUpInput), clientAddress: ctx.ip });
        setSessionCookies(ctx, result.session, this.alwaysSecure);
        ctx.status = 201;
        ctx.body = presentSignUp(result, originOf(ctx));
      },
    });
    routes.add({
      method: 'POST',
      path: `${auth}/login`,
      summary: 'Log in',
      description: 'Checks an e-mail and password and starts a session: `sessionid` and `csrftoken` cookies. Failed attempts are limited (429). No credentials.',
      credentials: 'none',
      body: { input: LogInInput, form: true },
      answers: [answers.ok(PROFILE_SCHEMA, { 'Set-Cookie': true })],
      errors: [401, 429], // wrong credentials; too many failed attempts
      handle: async (ctx) => {
        const input = bindBody(ctx, LogInInput);
        const result = await this.logIn.execute({ ...input, clientAddress: ctx.ip });
        setSessionCookies(ctx, result.session, this.alwaysSecure);
        ctx.body = presentProfile(result.profile, originOf(ctx));
      },
    });
    routes.add({
      method: 'POST',
      path: `${auth}/logout`,
      summary: 'Log out',
      description: 'Ends the session of the cookie, if any, and clears the cookies.',
      answers: [answers.noContent({ 'Set-Cookie': true })],
      handle: async (ctx) => {
        await this.logOut.execute(authOf(ctx).sessionToken);
        clearSessionCookies(ctx);
        ctx.status = 204;
      },
    });
    routes.add({
      method: 'POST',
      path: `${auth}/password`,
      summary: 'Change password',
      description: 'Sets a new password after checking the current one; other sessions of the caller end. Failed checks count as failed logins (429).',
      body: { input: ChangePasswordInput, form: true },
      answers: [answers.noContent()],
      handle: async (ctx) => {
        const input = bindBody(ctx, ChangePasswordInput);
        await this.changePassword.execute(actorOf(ctx), { ...input, currentSessionToken: authOf(ctx).sessionToken, clientAddress: ctx.ip });
        ctx.status = 204;
      },
    });
  }
}
