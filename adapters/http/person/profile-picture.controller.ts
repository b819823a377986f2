import { inject, injectable } from 'inversify';
import { ChangeProfilePicture } from '../../../application/person/change-profile-picture.use-case';
import { GetPersonPicture } from '../../../application/person/get-person-picture.use-case';
import { RemoveProfilePicture } from '../../../application/person/remove-profile-picture.use-case';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { HttpController, originOf } from '../shared/controller';
import { PICTURE_ANSWER, PICTURE_BODY, PICTURE_ROUTES, PictureInput, PictureVersionQuery, sendPicture } from '../shared/pictures';
import { answers } from '../shared/answers';
import { Routes } from '../shared/routes';
import { presentProfile, PROFILE_SCHEMA } from './profile.presenter';

/**
 * Profile pictures: the caller's own under `/me/picture/` (PUT answers the
 * profile with its new `profile_picture_url`, DELETE 204), and anyone's under
 * `/people/{unique_id}/picture/` for those who may see the person.
 */
@injectable()
export class ProfilePictureController implements HttpController {
  constructor(
    @inject(ChangeProfilePicture) private readonly changePicture: ChangeProfilePicture,
    @inject(RemoveProfilePicture) private readonly removePicture: RemoveProfilePicture,
    @inject(GetPersonPicture) private readonly getPicture: GetPersonPicture,
  ) {}

  register(routes: Routes): void {
    routes.add({
      method: 'PUT',
      path: PICTURE_ROUTES.mine,
      summary: 'Set my picture',
      description: 'Uploads a new profile picture (multipart, an image) and answers the profile with its new `profile_picture_url`.',
      body: PICTURE_BODY,
      answers: [answers.ok(PROFILE_SCHEMA)],
      handle: async (ctx) => {
        const { picture } = bindBody(ctx, PictureInput);
        ctx.body = presentProfile(await this.changePicture.execute(actorOf(ctx), picture), originOf(ctx));
      },
    });
    routes.add({
      method: 'DELETE',
      path: PICTURE_ROUTES.mine,
      summary: 'Remove my picture',
      description: 'Removes the caller’s profile picture, if any.',
      answers: [answers.noContent()],
      handle: async (ctx) => {
        await this.removePicture.execute(actorOf(ctx));
        ctx.status = 204;
      },
    });
    routes.add({
      method: 'GET',
      path: PICTURE_ROUTES.person,
      summary: 'Get a person’s picture',
      description: 'A person’s profile picture, for them and for whoever shares an organisation with them; 404 otherwise or when there is none.',
      query: PictureVersionQuery,
      answers: [PICTURE_ANSWER],
      handle: async (ctx) => sendPicture(ctx, await this.getPicture.execute(actorOf(ctx), ctx.params.personUid)),
    });
  }
}
