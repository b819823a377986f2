import { inject, injectable } from 'inversify';
import { ContactGroupChanges } from '../../domain/contact/contact-group';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ContactGroupAccess, GroupPath } from './contact-group-access';
import { CONTACT_TOKENS, ContactGroupRepository } from './contact.ports';
import { ContactGroupView, ContactViews } from './contact-views';

/** Any member renames or describes a contact group (PUT and PATCH alike). */
@injectable()
export class UpdateContactGroup {
  constructor(
    @inject(ContactGroupAccess) private readonly access: ContactGroupAccess,
    @inject(CONTACT_TOKENS.ContactGroupRepository) private readonly groups: ContactGroupRepository,
    @inject(ContactViews) private readonly views: ContactViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, path: GroupPath, changes: ContactGroupChanges): Promise<ContactGroupView> {
    const grant = await this.unitOfWork.transaction(async () => {
      const grant = await this.access.groupForUpdate(actor, path, 'contact_groups.update');
      grant.group.update(changes, this.clock.now());
      await this.groups.save(grant.group);
      return grant;
    });
    return this.views.group(grant);
  }
}
