import { CONTACT_ENTITY_TYPES, CONTACT_LIMITS, Contact, ContactSnapshot } from '../../../domain/contact/contact';
import { fieldsOf } from '../declared-field';
import { declareResource } from '../resource-declaration';
import { CONTACT_GROUP_DECLARATION } from './contact-group.declaration';

const f = fieldsOf<ContactSnapshot>();

/**
 * `/organisation/{org}/contact-groups/{group}/contacts/` (spec Part 2): a
 * group's contacts, GET, PUT, PATCH and DELETE on `…/{contact}/`, a delete
 * answering the contact as it was. Fields in the spec's order.
 */
export const CONTACT_DECLARATION = declareResource<ContactSnapshot>()({
  names: { one: 'contact', many: 'contacts' },
  schemaName: 'Contact',
  tagDescription: 'Contact groups and the contacts in each.',
  keyArea: 'contacts',
  tag: 'Contacts',
  tagAfter: 'Vendors',
  table: 'contacts',
  restore: Contact.restore,
  defaultOrdering: 'first_name',
  path: { idParam: 'contact', pattern: 'detail', deleteAnswersRecord: true },
  fields: [
    f.uniqueId(),
    // An opaque text the client owns (domain/contact/translations.ts).
    f.text('translations', { nullable: true }),
    f.derived('organisationName', { type: 'text' }),
    f.person('createdById', 'created_by_name', { as: 'name' }),
    f.derived('contactGroupName', { type: 'text' }),
    f.choice('entityType', CONTACT_ENTITY_TYPES, { display: true }),
    f.text('entityId', { max: CONTACT_LIMITS.entityId, nullable: true }),
    // A missing last name sorts as an empty one, first in ascending order.
    f.text('firstName', { max: CONTACT_LIMITS.firstName, required: true, folded: 'blank', ordering: true }),
    f.text('lastName', { max: CONTACT_LIMITS.lastName, nullable: true, folded: 'blank', ordering: true }),
    f.derived('fullName', { type: 'text' }),
    f.email('email', { max: CONTACT_LIMITS.email, nullable: true }),
    f.text('phone', { max: CONTACT_LIMITS.phone, nullable: true }),
    f.text('mobile', { max: CONTACT_LIMITS.mobile, nullable: true }),
    f.url('socialUrl', { max: CONTACT_LIMITS.socialUrl, nullable: true }),
    f.boolean('isActive', { default: true }),
    f.boolean('primaryContact'),
    f.timestamp('dateCreated', { ordering: true }),
    f.timestamp('lastUpdated'),
    f.parent('groupId', CONTACT_GROUP_DECLARATION),
  ],
  storage: {
    // The primary slot's unique index is the storage's guard against two primaries written at once.
    raced: ['slot_entity_id'],
    kept: [
      // The entity id keying the primary slot, '' for none: the unique index's column (NULLs never collide).
      { name: 'slot_entity_id', type: { type: 'text', max: CONTACT_LIMITS.entityId }, of: (contact: Contact) => contact.slotEntityId ?? '' },
    ],
    indices: [
      // The group's count, and the foreign key's check when a group is deleted.
      { name: 'ix_contacts_group', columns: ['group_id'] },
      // The group's list in either name order.
      { name: 'ix_contacts_group_first_name', columns: ['group_id', 'first_name_key', 'id'] },
      { name: 'ix_contacts_group_last_name', columns: ['group_id', 'last_name_key', 'id'] },
      // At most one primary contact per (group, entity_type, entity): the storage's own guard.
      { name: 'uq_contacts_primary_slot', columns: ['group_id', 'entity_type', 'slot_entity_id'], unique: true, where: 'primary_contact = true' },
    ],
  },
});
