import { ContactView } from '../../../application/contact/contact-views';
import { CONTACT_ENTITY_TYPES, CONTACT_LIMITS, ContactSnapshot } from '../../../domain/contact/contact';
import { wire } from '../shared/present';
import { wireSchema as s } from '../shared/wire-schema';
import { NoneMissing, UnpresentedFields } from '../shared/field-coverage';

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

const text = (max: number) => s.nullable(s.text({ max }));

/** What `presentContact` writes. */
export const CONTACT_SCHEMA = s.named(
  'Contact',
  s.object<ReturnType<typeof presentContact>>({
    unique_id: s.uniqueId(),
    translations: s.nullable(s.text()),
    organisation_name: s.text(),
    created_by_name: s.nullable(s.text()),
    contact_group_name: s.text(),
    entity_type: s.choice(CONTACT_ENTITY_TYPES),
    entity_type_display: s.label(CONTACT_ENTITY_TYPES),
    entity_id: text(CONTACT_LIMITS.entityId),
    first_name: s.text({ min: 1, max: CONTACT_LIMITS.firstName }),
    last_name: text(CONTACT_LIMITS.lastName),
    full_name: s.text(),
    email: s.nullable(s.email()),
    phone: text(CONTACT_LIMITS.phone),
    mobile: text(CONTACT_LIMITS.mobile),
    social_url: s.nullable(s.uri(CONTACT_LIMITS.socialUrl)),
    is_active: s.boolean(),
    primary_contact: s.boolean(),
    date_created: s.dateTime(),
    last_updated: s.dateTime(),
  }),
);

// Every field reaches the wire (see field-coverage.ts); the creator and the group by name.
export type ContactFieldsPresented = NoneMissing<
  UnpresentedFields<ContactSnapshot, ReturnType<typeof presentContact>, 'id' | 'organisationId' | 'createdById' | 'groupId'> & string
>;
