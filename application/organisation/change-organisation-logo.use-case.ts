import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { IncomingFile } from '../shared/incoming-file';
import { PictureFiles } from '../shared/picture-files';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { OrganisationAccess } from './organisation-access';
import { ORGANISATION_TOKENS, OrganisationRepository } from './organisation.ports';
import { OrganisationView, OrganisationViews } from './organisation-views';

/**
 * The owner sets the organisation's logo (a member: 403, anyone else: 404,
 * both before anything is stored); the one it replaces is removed once that is committed.
 */
@injectable()
export class ChangeOrganisationLogo {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(PictureFiles) private readonly pictures: PictureFiles,
    @inject(OrganisationViews) private readonly views: OrganisationViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, file: IncomingFile): Promise<OrganisationView> {
    const { organisation: found } = await this.access.authorise(actor, organisationUniqueId, 'organisation.change_logo');
    const { organisation, replaced } = await this.pictures.storedAsPicture(found.id, file, (logo) =>
      this.unitOfWork.transaction(async () => {
        // Again, locked: the owner may have changed meanwhile, and the save writes every column.
        const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'organisation.change_logo', { forUpdate: true });
        const replaced = organisation.logo;
        organisation.changeLogo(logo, this.clock.now());
        await this.organisations.save(organisation);
        await this.pictures.leave(replaced);
        return { organisation, replaced };
      }),
    );
    await this.pictures.discard(replaced);
    return this.views.one(organisation);
  }
}
