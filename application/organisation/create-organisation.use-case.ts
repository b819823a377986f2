import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { FoundOrganisationService, NewOrganisation } from './found-organisation';
import { OrganisationView, OrganisationViews } from './organisation-views';

/** The caller founds a new organisation and becomes its owner. */
@injectable()
export class CreateOrganisation {
  constructor(
    @inject(FoundOrganisationService) private readonly founder: FoundOrganisationService,
    @inject(OrganisationViews) private readonly views: OrganisationViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, command: NewOrganisation): Promise<OrganisationView> {
    const organisation = await this.unitOfWork.transaction(() =>
      this.founder.found(actor.personId, command, this.clock.now()),
    );
    return this.views.one(organisation);
  }
}
