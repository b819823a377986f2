import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ContactGroupAccess, GroupPath } from './contact-group-access';
import { CONTACT_TOKENS, ContactGroupRepository, ContactRepository } from './contact.ports';

/**
 * Any member deletes an empty contact group; one that still holds contacts is
 * a 409 `in_use`. The group's lock keeps a contact from arriving in between.
 */
@injectable()
export class DeleteContactGroup {
  constructor(
    @inject(ContactGroupAccess) private readonly access: ContactGroupAccess,
    @inject(CONTACT_TOKENS.ContactGroupRepository) private readonly groups: ContactGroupRepository,
    @inject(CONTACT_TOKENS.ContactRepository) private readonly contacts: ContactRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: Actor, path: GroupPath): Promise<void> {
    await this.unitOfWork.transaction(async () => {
      const { organisation, group } = await this.access.groupForUpdate(actor, path, 'contact_groups.delete');
      const counts = await this.contacts.countByGroup(organisation.id, [group.id]);
      group.assertDeletable(counts.get(group.id) ?? 0);
      await this.groups.delete(group);
    });
  }
}
