import { EntitySchema } from 'typeorm';
import { CONTACT_LIMITS } from '../../../../domain/contact/contact';
import { UNIQUE_ID_MAX_LENGTH } from '../../../../domain/shared/unique-id';
import { column as c, Dialect, entityColumns, organisationKey, references, RowOf, uniqueIdPerOrganisation } from '../columns';

export const ENTITY_TYPE_MAX_LENGTH = 20;

const contactColumns = {
  id: c.id(),
  unique_id: c.varchar(UNIQUE_ID_MAX_LENGTH),
  organisation_id: c.ref(),
  group_id: c.ref(),
  created_by_id: c.ref(),
  entity_type: c.varchar(ENTITY_TYPE_MAX_LENGTH),
  entity_id: c.varchar(CONTACT_LIMITS.entityId).nullable(),
  /** The entity id keying the primary slot, '' for none: the unique index's column (NULLs never collide). */
  slot_entity_id: c.varchar(CONTACT_LIMITS.entityId),
  first_name: c.varchar(CONTACT_LIMITS.firstName),
  last_name: c.varchar(CONTACT_LIMITS.lastName).nullable(),
  /** `first_name` and `last_name` lower-cased (search-key.ts), a missing last name as '': sorted alike on both engines. */
  first_name_key: c.varchar(CONTACT_LIMITS.firstName).bytewise().withDefault("''"),
  last_name_key: c.varchar(CONTACT_LIMITS.lastName).bytewise().withDefault("''"),
  email: c.varchar(CONTACT_LIMITS.email).nullable(),
  phone: c.varchar(CONTACT_LIMITS.phone).nullable(),
  mobile: c.varchar(CONTACT_LIMITS.mobile).nullable(),
  social_url: c.varchar(CONTACT_LIMITS.socialUrl).nullable(),
  is_active: c.boolean(true),
  primary_contact: c.boolean(),
  translations: c.text().nullable(),
  date_created: c.timestamp(),
  last_updated: c.timestamp(),
};

export type ContactRow = RowOf<typeof contactColumns>;

export function contactSchemas(dialect: Dialect): EntitySchema[] {
  return [
    new EntitySchema<ContactRow>({
      name: 'Contact',
      tableName: 'contacts',
      columns: entityColumns(dialect, contactColumns),
      uniques: [uniqueIdPerOrganisation('contacts')],
      foreignKeys: [
        organisationKey(),
        // No cascade: a group that still holds contacts is not deleted (409 in_use).
        references('contact_groups', ['group_id']),
        references('persons', ['created_by_id']),
      ],
      indices: [
        // The group's count, and the foreign key's check when a group is deleted.
        { name: 'ix_contacts_group', columns: ['group_id'] },
        // The group's list in either name order.
        { name: 'ix_contacts_group_first_name', columns: ['group_id', 'first_name_key', 'id'] },
        { name: 'ix_contacts_group_last_name', columns: ['group_id', 'last_name_key', 'id'] },
        // At most one primary contact per (group, entity_type, entity): the storage's own guard.
        {
          name: 'uq_contacts_primary_slot',
          columns: ['group_id', 'entity_type', 'slot_entity_id'],
          unique: true,
          where: 'primary_contact = true',
        },
      ],
    }),
  ];
}
