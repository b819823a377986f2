import { inject, injectable } from 'inversify';
import { ContactGroup, ContactGroupChanges } from '../../domain/contact/contact-group';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { newUniqueId } from '../shared/records';
import { CONTACT_TOKENS, ContactGroupRepository } from './contact.ports';
import { ContactGroupView, ContactViews } from './contact-views';

export type NewContactGroup = ContactGroupChanges & { name: string };

/** Any member creates a contact group in the organisation. */
@injectable()
export class CreateContactGroup {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(CONTACT_TOKENS.ContactGroupRepository) private readonly groups: ContactGroupRepository,
    @inject(ContactViews) private readonly views: ContactViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, command: NewContactGroup): Promise<ContactGroupView> {
    const grant = await this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'contact_groups.create');
      const existing = (uid: string) => this.groups.findByUniqueId(organisation.id, uid);
      const uniqueId = await newUniqueId(command.uniqueId, this.ids, existing, 'contact group');
      const group = ContactGroup.create({
        ...command,
        id: this.ids.next(),
        uniqueId,
        organisationId: organisation.id,
        now: this.clock.now(),
      });
      await this.groups.save(group);
      return { organisation, group };
    });
    return this.views.group(grant);
  }
}
