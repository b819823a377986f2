import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { PictureFiles } from '../shared/picture-files';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { OrganisationAccess } from './organisation-access';
import { ORGANISATION_TOKENS, OrganisationRepository } from './organisation.ports';

/** The owner removes the organisation's logo (none to remove is no error); its file goes after commit. */
@injectable()
export class RemoveOrganisationLogo {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(PictureFiles) private readonly pictures: PictureFiles,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string): Promise<void> {
    const removed = await this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'organisation.change_logo', { forUpdate: true });
      const removed = organisation.logo;
      if (!removed) return null;
      organisation.removeLogo(this.clock.now());
      await this.organisations.save(organisation);
      await this.pictures.leave(removed);
      return removed;
    });
    await this.pictures.discard(removed);
  }
}
