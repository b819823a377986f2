import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { found } from '../shared/records';
import { LEAD_TOKENS, LeadRepository } from './lead.ports';

@injectable()
export class DeleteLead {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(LEAD_TOKENS.LeadRepository) private readonly leads: LeadRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(actor: Actor, organisationUniqueId: string, leadUniqueId: string): Promise<void> {
    return this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'leads.delete');
      await this.leads.delete(found(await this.leads.findByUniqueId(organisation.id, leadUniqueId)));
    });
  }
}
