import { Contact, ContactEntityType } from '../../../../domain/contact/contact';
import { searchKey } from '../../search-key';
import { ContactRow } from './contact.schema';

export const contactMapper = {
  toDomain(row: ContactRow): Contact {
    return Contact.restore({
      id: row.id,
      uniqueId: row.unique_id,
      organisationId: row.organisation_id,
      groupId: row.group_id,
      createdById: row.created_by_id,
      entityType: row.entity_type as ContactEntityType,
      entityId: row.entity_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      mobile: row.mobile,
      socialUrl: row.social_url,
      isActive: row.is_active,
      primaryContact: row.primary_contact,
      translations: row.translations,
      dateCreated: row.date_created,
      lastUpdated: row.last_updated,
    });
  },

  toPersistence(contact: Contact): ContactRow {
    const s = contact.snapshot();
    return {
      id: s.id,
      unique_id: s.uniqueId,
      organisation_id: s.organisationId,
      group_id: s.groupId,
      created_by_id: s.createdById,
      entity_type: s.entityType,
      entity_id: s.entityId,
      slot_entity_id: contact.slotEntityId ?? '',
      first_name: s.firstName,
      last_name: s.lastName,
      first_name_key: searchKey(s.firstName),
      // A missing last name sorts as an empty one, first in ascending order.
      last_name_key: searchKey(s.lastName ?? ''),
      email: s.email,
      phone: s.phone,
      mobile: s.mobile,
      social_url: s.socialUrl,
      is_active: s.isActive,
      primary_contact: s.primaryContact,
      translations: s.translations,
      date_created: s.dateCreated,
      last_updated: s.lastUpdated,
    };
  },
};
