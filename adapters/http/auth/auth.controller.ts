import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { ChangePassword } from '../../../application/auth/change-password.use-case';
import { LogIn } from '../../../application/auth/log-in.use-case';
import { LogOut } from '../../../application/auth/log-out.use-case';
import { SignUp } from '../../../application/auth/sign-up.use-case';
import { readBody } from '../body/read-body';
import { actorOf, authOf } from '../middleware/authentication';
import { clearSessionCookies, COOKIE_SECURE, setSessionCookies } from './session-cookies';
import { presentProfile } from '../person/profile.presenter';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, AuthGuard, HttpController } from '../shared/controller';
import { ChangePasswordInput, LogInInput, SignUpInput } from './auth.dto';
import { presentSignUp } from './auth.presenter';

@injectable()
export class AuthController implements HttpController {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(SignUp) private readonly signUp: SignUp,
    @inject(LogIn) private readonly logIn: LogIn,
    @inject(LogOut) private readonly logOut: LogOut,
    @inject(ChangePassword) private readonly changePassword: ChangePassword,
    @inject(COOKIE_SECURE) private readonly alwaysSecure: boolean,
  ) {}

  register(router: Router): void {
    const body = readBody({ form: true });
    router.post(`${API_PREFIX}/auth/signup`, body, async (ctx) => {
      const result = await this.signUp.execute(bindBody(ctx, SignUpInput));
      setSessionCookies(ctx, result.session, this.alwaysSecure);
      ctx.status = 201;
      ctx.body = presentSignUp(result);
    });
    router.post(`${API_PREFIX}/auth/login`, body, async (ctx) => {
      const input = bindBody(ctx, LogInInput);
      const result = await this.logIn.execute({ ...input, clientAddress: ctx.ip });
      setSessionCookies(ctx, result.session, this.alwaysSecure);
      ctx.body = presentProfile(result.profile);
    });
    router.post(`${API_PREFIX}/auth/logout`, this.guard.required(), async (ctx) => {
      await this.logOut.execute(authOf(ctx).sessionToken);
      clearSessionCookies(ctx);
      ctx.status = 204;
    });
    router.post(`${API_PREFIX}/auth/password`, this.guard.required(), body, async (ctx) => {
      const input = bindBody(ctx, ChangePasswordInput);
      await this.changePassword.execute(actorOf(ctx), { ...input, currentSessionToken: authOf(ctx).sessionToken });
      ctx.status = 204;
    });
  }
}
