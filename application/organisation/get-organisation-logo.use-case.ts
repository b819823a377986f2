import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { PictureDownload, PictureFiles } from '../shared/picture-files';
import { OrganisationAccess } from './organisation-access';

/** The logo goes to the organisation's members; anyone else gets 404, as when there is none. */
@injectable()
export class GetOrganisationLogo {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(PictureFiles) private readonly pictures: PictureFiles,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string): Promise<PictureDownload> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'organisation.view_logo');
    return this.pictures.download(organisation.logo);
  }
}
