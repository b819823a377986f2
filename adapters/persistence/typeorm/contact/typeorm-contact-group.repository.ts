import { inject, injectable } from 'inversify';
import { ContactGroupFilters, ContactGroupOrderingField, ContactGroupRepository } from '../../../../application/contact/contact.ports';
import { CONTACT_GROUP_IN_USE, ContactGroup } from '../../../../domain/contact/contact-group';
import { TypeOrmDatabase } from '../engine';
import { OrganisationRecords } from '../organisation-records';
import { contactGroupMapper } from './contact.mapper';
import { ContactGroupRow } from './contact.schema';

/** The use case refuses a group that holds contacts; the foreign key refuses one that gained a contact meanwhile. */
@injectable()
export class TypeOrmContactGroupRepository
  extends OrganisationRecords<ContactGroupRow, ContactGroup, ContactGroupFilters, ContactGroupOrderingField>
  implements ContactGroupRepository
{
  protected readonly table = {
    entity: 'ContactGroup',
    mapper: contactGroupMapper,
    model: 'contact group',
    inUse: CONTACT_GROUP_IN_USE,
    sortKeys: { name: { column: 'name_key' }, dateCreated: { column: 'date_created' } },
  };

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    super(db);
  }

  findForUpdate(organisationId: string, uniqueId: string): Promise<ContactGroup | null> {
    return this.findByUniqueId(organisationId, uniqueId, { forUpdate: true });
  }
}
