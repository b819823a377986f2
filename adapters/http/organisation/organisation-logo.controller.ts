import { inject, injectable } from 'inversify';
import { ChangeOrganisationLogo } from '../../../application/organisation/change-organisation-logo.use-case';
import { GetOrganisationLogo } from '../../../application/organisation/get-organisation-logo.use-case';
import { RemoveOrganisationLogo } from '../../../application/organisation/remove-organisation-logo.use-case';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { HttpController, originOf } from '../shared/controller';
import { PICTURE_ANSWER, PICTURE_BODY, PICTURE_ROUTES, PictureInput, PictureVersionQuery, sendPicture } from '../shared/pictures';
import { answers } from '../shared/answers';
import { Routes } from '../shared/routes';
import { OWNER_ORGANISATION_SCHEMA, presentOwnerOrganisation } from './organisation.presenter';

/**
 * An organisation's logo at `/organisation/{uid}/logo/`: GET for members, PUT
 * (answering the owner view with its new `logo_url`) and DELETE (204) for the owner.
 */
@injectable()
export class OrganisationLogoController implements HttpController {
  constructor(
    @inject(ChangeOrganisationLogo) private readonly changeLogo: ChangeOrganisationLogo,
    @inject(RemoveOrganisationLogo) private readonly removeLogo: RemoveOrganisationLogo,
    @inject(GetOrganisationLogo) private readonly getLogo: GetOrganisationLogo,
  ) {}

  register(routes: Routes): void {
    routes.add({
      method: 'GET',
      path: PICTURE_ROUTES.logo,
      summary: 'Get the logo',
      description: 'The organisation’s logo image. Any member of the organisation; 404 when it has none.',
      query: PictureVersionQuery,
      answers: [PICTURE_ANSWER],
      handle: async (ctx) => sendPicture(ctx, await this.getLogo.execute(actorOf(ctx), ctx.params.org)),
    });
    routes.add({
      method: 'PUT',
      path: PICTURE_ROUTES.logo,
      summary: 'Set the logo',
      description: 'Uploads a new logo (multipart, an image) and answers the owner view of the organisation with its new `logo_url`. The owner only.',
      body: PICTURE_BODY,
      answers: [answers.ok(OWNER_ORGANISATION_SCHEMA)],
      errors: [403],
      handle: async (ctx) => {
        const { picture } = bindBody(ctx, PictureInput);
        ctx.body = presentOwnerOrganisation(await this.changeLogo.execute(actorOf(ctx), ctx.params.org, picture), originOf(ctx));
      },
    });
    routes.add({
      method: 'DELETE',
      path: PICTURE_ROUTES.logo,
      summary: 'Remove the logo',
      description: 'Removes the logo, if any. The owner only.',
      answers: [answers.noContent()],
      errors: [403],
      handle: async (ctx) => {
        await this.removeLogo.execute(actorOf(ctx), ctx.params.org);
        ctx.status = 204;
      },
    });
  }
}
