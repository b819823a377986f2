import { inject, injectable } from 'inversify';
import { ContactGroup, ContactGroupChanges } from '../../domain/contact/contact-group';
import { ValidationFailed } from '../../domain/shared/errors';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { CONTACT_TOKENS, ContactGroupRepository, DUPLICATE_GROUP_UNIQUE_ID } from './contact.ports';
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
      const uniqueId = command.uniqueId ?? this.ids.next();
      if (command.uniqueId !== undefined && (await this.groups.existsWithUniqueId(organisation.id, uniqueId))) {
        throw ValidationFailed.field('unique_id', DUPLICATE_GROUP_UNIQUE_ID);
      }
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
