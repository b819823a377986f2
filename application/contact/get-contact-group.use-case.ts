import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { ContactGroupAccess, GroupPath } from './contact-group-access';
import { ContactGroupView, ContactViews } from './contact-views';

/** Any member reads one of the organisation's contact groups. */
@injectable()
export class GetContactGroup {
  constructor(
    @inject(ContactGroupAccess) private readonly access: ContactGroupAccess,
    @inject(ContactViews) private readonly views: ContactViews,
  ) {}

  async execute(actor: Actor, path: GroupPath): Promise<ContactGroupView> {
    return this.views.group(await this.access.group(actor, path, 'contact_groups.view'));
  }
}
