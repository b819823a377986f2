import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { Context } from 'koa';
import { GetProfile } from '../../../application/person/get-profile.use-case';
import { UpdateProfile } from '../../../application/person/update-profile.use-case';
import { readBody } from '../body/read-body';
import { actorOf } from '../middleware/authentication';
import { API_PREFIX, AuthGuard, HttpController } from '../shared/controller';
import { bindBody } from '../shared/bind-body';
import { ProfileInput } from './profile.dto';
import { presentProfile } from './profile.presenter';

@injectable()
export class ProfileController implements HttpController {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(GetProfile) private readonly getProfile: GetProfile,
    @inject(UpdateProfile) private readonly updateProfile: UpdateProfile,
  ) {}

  register(router: Router): void {
    const path = `${API_PREFIX}/me`;
    const body = readBody({ form: true, multipart: true });
    router.get(path, this.guard.required(), async (ctx) => {
      ctx.body = presentProfile(await this.getProfile.execute(actorOf(ctx)));
    });
    router.put(path, this.guard.required(), body, (ctx) => this.update(ctx, false));
    router.patch(path, this.guard.required(), body, (ctx) => this.update(ctx, true));
  }

  private async update(ctx: Context, partial: boolean): Promise<void> {
    const changes = bindBody(ctx, ProfileInput, partial);
    ctx.body = presentProfile(await this.updateProfile.execute(actorOf(ctx), changes));
  }
}
