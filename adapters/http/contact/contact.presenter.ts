import { ContactGroupView, ContactView } from '../../../application/contact/contact-views';
import { CONTACT_ENTITY_TYPES } from '../../../domain/contact/contact';
import { wire } from '../shared/present';

export function presentContactGroup(view: ContactGroupView) {
  const g = view.group;
  return {
    unique_id: g.uniqueId,
    name: g.name,
    description: g.description,
    translations: g.translations,
    organisation_name: view.organisationName,
    contacts_count: view.contactsCount,
    date_created: wire.dateTime(g.dateCreated),
    last_updated: wire.dateTime(g.lastUpdated),
  };
}

/** The contact of Part 2 of the spec, its fields in the spec's order. */
export function presentContact(view: ContactView) {
  const c = view.contact;
  return {
    unique_id: c.uniqueId,
    translations: c.translations,
    organisation_name: view.organisationName,
    created_by_name: view.createdByName,
    contact_group_name: view.groupName,
    entity_type: c.entityType,
    entity_type_display: CONTACT_ENTITY_TYPES.label(c.entityType),
    entity_id: c.entityId,
    first_name: c.firstName,
    last_name: c.lastName,
    full_name: view.fullName,
    email: c.email,
    phone: c.phone,
    mobile: c.mobile,
    social_url: c.socialUrl,
    is_active: c.isActive,
    primary_contact: c.primaryContact,
    date_created: wire.dateTime(c.dateCreated),
    last_updated: wire.dateTime(c.lastUpdated),
  };
}
