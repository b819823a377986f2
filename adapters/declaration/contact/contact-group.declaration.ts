import { CONTACT_GROUP_IN_USE, CONTACT_GROUP_NAME_MAX_LENGTH, ContactGroup, ContactGroupSnapshot } from '../../../domain/contact/contact-group';
import { fieldsOf } from '../declared-field';
import { declareResource } from '../resource-declaration';

const f = fieldsOf<ContactGroupSnapshot>();

/** `/organisation/{org}/contact-groups/` (contract section 6): GET, PUT, PATCH and DELETE on `…/{group}/`. */
export const CONTACT_GROUP_DECLARATION = declareResource<ContactGroupSnapshot>()({
  names: { one: 'contact group', many: 'contact groups' },
  schemaName: 'ContactGroup',
  tagDescription: 'Contact groups and the contacts in each.',
  keyArea: 'contacts',
  tag: 'Contacts',
  tagAfter: 'Vendors',
  table: 'contact_groups',
  restore: ContactGroup.restore,
  defaultOrdering: 'name',
  path: { collection: 'contact-groups', idParam: 'group', pattern: 'detail' },
  fields: [
    f.uniqueId(),
    f.text('name', { max: CONTACT_GROUP_NAME_MAX_LENGTH, required: true, folded: 'blank', ordering: true }),
    f.text('description', { nullable: true }),
    // An opaque text the client owns (domain/contact/translations.ts).
    f.text('translations', { nullable: true }),
    f.derived('organisationName', { type: 'text' }),
    f.derived('contactsCount', { type: 'integer', min: 0 }),
    f.timestamp('dateCreated', { ordering: true }),
    f.timestamp('lastUpdated'),
  ],
  storage: {
    inUse: CONTACT_GROUP_IN_USE,
    indices: [{ name: 'ix_contact_groups_org_name', columns: ['organisation_id', 'name_key', 'id'] }],
  },
});
