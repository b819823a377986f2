import { EntitySchema } from 'typeorm';
import { CONTACT_LIMITS } from '../../../../domain/contact/contact';
import { CONTACT_GROUP_NAME_MAX_LENGTH } from '../../../../domain/contact/contact-group';
import { UNIQUE_ID_MAX_LENGTH } from '../../../../domain/shared/unique-id';
import { columnsFor, Dialect } from '../columns';

export interface ContactGroupRow {
  id: string;
  unique_id: string;
  organisation_id: string;
  name: string;
  description: string | null;
  translations: string | null;
  date_created: Date;
  last_updated: Date;
}

export interface ContactRow {
  id: string;
  unique_id: string;
  organisation_id: string;
  group_id: string;
  created_by_id: string;
  entity_type: string;
  entity_id: string | null;
  /** The entity id keying the primary slot, '' for none: the unique index's column (NULLs never collide). */
  slot_entity_id: string;
  first_name: string;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  social_url: string | null;
  is_active: boolean;
  primary_contact: boolean;
  translations: string | null;
  date_created: Date;
  last_updated: Date;
}

export const ENTITY_TYPE_MAX_LENGTH = 20;

export function contactSchemas(dialect: Dialect): EntitySchema[] {
  const c = columnsFor(dialect);
  return [
    new EntitySchema<ContactGroupRow>({
      name: 'ContactGroup',
      tableName: 'contact_groups',
      columns: {
        id: c.id(),
        unique_id: c.text(UNIQUE_ID_MAX_LENGTH, false),
        organisation_id: c.ref(),
        name: c.text(CONTACT_GROUP_NAME_MAX_LENGTH, false),
        description: c.text(),
        translations: c.text(),
        date_created: c.timestamp(),
        last_updated: c.timestamp(),
      },
    }),
    new EntitySchema<ContactRow>({
      name: 'Contact',
      tableName: 'contacts',
      columns: {
        id: c.id(),
        unique_id: c.text(UNIQUE_ID_MAX_LENGTH, false),
        organisation_id: c.ref(),
        group_id: c.ref(),
        created_by_id: c.ref(),
        entity_type: c.text(ENTITY_TYPE_MAX_LENGTH, false),
        entity_id: c.text(CONTACT_LIMITS.entityId),
        slot_entity_id: c.text(CONTACT_LIMITS.entityId, false),
        first_name: c.text(CONTACT_LIMITS.firstName, false),
        last_name: c.text(CONTACT_LIMITS.lastName),
        email: c.text(CONTACT_LIMITS.email),
        phone: c.text(CONTACT_LIMITS.phone),
        mobile: c.text(CONTACT_LIMITS.mobile),
        social_url: c.text(CONTACT_LIMITS.socialUrl),
        is_active: c.boolean(),
        primary_contact: c.boolean(),
        translations: c.text(),
        date_created: c.timestamp(),
        last_updated: c.timestamp(),
      },
    }),
  ];
}
