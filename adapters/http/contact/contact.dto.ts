import { ContactOrderingField } from '../../../application/contact/contact.ports';
import { CONTACT_ENTITY_TYPES, CONTACT_LIMITS, ContactChanges, ContactEntityType } from '../../../domain/contact/contact';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';
import { Orderings } from '../validation/query';
import { NoneMissing, UnboundFields } from '../shared/field-coverage';

/** `translations` is an opaque text the client owns (see domain/contact/translations.ts). */
const translations = () => fields.text({ nullable: true });
const optionalText = (max: number) => fields.text({ max, nullable: true });

/** A contact's writable fields (contract.md section 6). */
export class ContactInput {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('entity_type', fields.choice(CONTACT_ENTITY_TYPES)) entityType?: ContactEntityType;
  @Input('entity_id', optionalText(CONTACT_LIMITS.entityId)) entityId?: string | null;
  @Input('first_name', fields.text({ required: true, max: CONTACT_LIMITS.firstName })) firstName?: string;
  @Input('last_name', optionalText(CONTACT_LIMITS.lastName)) lastName?: string | null;
  @Input('email', fields.email({ max: CONTACT_LIMITS.email, nullable: true })) email?: string | null;
  @Input('phone', optionalText(CONTACT_LIMITS.phone)) phone?: string | null;
  @Input('mobile', optionalText(CONTACT_LIMITS.mobile)) mobile?: string | null;
  @Input('social_url', fields.url({ max: CONTACT_LIMITS.socialUrl, nullable: true })) socialUrl?: string | null;
  @Input('is_active', fields.boolean()) isActive?: boolean;
  @Input('primary_contact', fields.boolean()) primaryContact?: boolean;
  @Input('translations', translations()) translations?: string | null;
}

export type NewContactInput = ContactInput & { firstName: string };

/** `ordering` of the contact list: the wire name and the field it sorts by. */
export const CONTACT_ORDERINGS: Orderings<ContactOrderingField> = {
  choices: { first_name: 'firstName', last_name: 'lastName', date_created: 'dateCreated' },
  default: { field: 'firstName', descending: false },
};

// Every field the changes take is read from the body (see field-coverage.ts).
export type ContactFieldsBound = NoneMissing<UnboundFields<ContactChanges, ContactInput> & string>;
