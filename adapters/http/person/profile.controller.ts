import { inject, injectable } from 'inversify';
import { GetProfile } from '../../../application/person/get-profile.use-case';
import { UpdateProfile } from '../../../application/person/update-profile.use-case';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, HttpController, originOf } from '../shared/controller';
import { answers } from '../shared/answers';
import { Method } from '../shared/operation';
import { Routes } from '../shared/routes';
import { presentProfile, PROFILE_INPUT, PROFILE_SCHEMA } from './profile.presenter';

/** `/me/`: the caller's own profile. */
@injectable()
export class ProfileController implements HttpController {
  constructor(
    @inject(GetProfile) private readonly getProfile: GetProfile,
    @inject(UpdateProfile) private readonly updateProfile: UpdateProfile,
  ) {}

  register(routes: Routes): void {
    const path = `${API_PREFIX}/me`;
    routes.add({
      method: 'GET',
      path,
      summary: 'Get my profile',
      description: 'The caller’s own profile, with their organisation details.',
      answers: [answers.ok(PROFILE_SCHEMA)],
      preread: 'profile',
      handle: async (ctx) => {
        ctx.body = presentProfile(await this.getProfile.execute(actorOf(ctx)), originOf(ctx));
      },
    });
    for (const method of ['PUT', 'PATCH'] as const satisfies Method[]) {
      routes.add({
        method,
        path,
        summary: method === 'PUT' ? 'Replace my profile' : 'Update my profile',
        description: (method === 'PUT' ? 'Writes the caller’s profile fields.' : 'Changes the fields sent, and only those.') + ' Server-managed fields (`is_owner`, the dates) are accepted and ignored. `If-Match` makes the change conditional on the version read.',
        precondition: path,
        body: { input: PROFILE_INPUT, form: true, multipart: true },
        answers: [answers.ok(PROFILE_SCHEMA)],
        handle: async (ctx) => {
          const changes = bindBody(ctx, PROFILE_INPUT, method === 'PATCH');
          ctx.body = presentProfile(await this.updateProfile.execute(actorOf(ctx), changes), originOf(ctx));
        },
      });
    }
  }
}
