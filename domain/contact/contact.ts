import { Choices, ChoiceOf } from '../shared/choices';
import { FieldErrors, ValidationFailed } from '../shared/errors';
import { FIELD_MESSAGES } from '../shared/field-messages';
import { stripUndefined } from '../shared/nested';
import { assertUniqueIdUnchanged, uniqueIdProblem } from '../shared/unique-id';
import { ContactGroup } from './contact-group';
import { TextRule, textFieldErrors, trimmed } from './text-field';
import { Translations } from './translations';
import { OrganisationRecord } from '../shared/organisation-record';

/** What a contact belongs to: the `entity_type` of the wire. */
export const CONTACT_ENTITY_TYPES = new Choices([
  ['client', 'Client'],
  ['vendor', 'Vendor'],
  ['lead', 'Lead'],
  ['employee', 'Employee'],
  ['partner', 'Partner'],
  ['other', 'Other'],
] as const);
export type ContactEntityType = ChoiceOf<typeof CONTACT_ENTITY_TYPES>;

/** Maximum lengths in characters. E-mail: Django's EmailField default (the contract sets none). */
export const CONTACT_LIMITS = {
  firstName: 150,
  lastName: 150,
  entityId: 100,
  email: 254,
  phone: 50,
  mobile: 50,
  socialUrl: 300,
} as const;

/** The writable fields of a contact (contract.md section 6), `unique_id` apart. */
export interface ContactDetails {
  entityType: ContactEntityType;
  /** The id of the record the contact belongs to, as the client knows it; not checked against it. */
  entityId: string | null;
  firstName: string;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  socialUrl: string | null;
  isActive: boolean;
  primaryContact: boolean;
  translations: Translations;
}

export interface ContactSnapshot extends ContactDetails {
  id: string;
  uniqueId: string;
  organisationId: string;
  groupId: string;
  createdById: string;
  dateCreated: Date;
  lastUpdated: Date;
}

export type CreateContact = Partial<ContactDetails> & {
  id: string;
  uniqueId: string;
  /** The group it goes into; the contact takes the group's organisation. */
  group: ContactGroup;
  createdById: string;
  firstName: string;
  now: Date;
};

export type ContactChanges = Partial<ContactDetails> & { uniqueId?: string };

const DEFAULTS: Omit<ContactDetails, 'firstName'> = {
  entityType: 'client',
  entityId: null,
  lastName: null,
  email: null,
  phone: null,
  mobile: null,
  socialUrl: null,
  isActive: true,
  primaryContact: false,
  translations: null,
};

/** A person to talk to at a client, vendor, lead or partner, filed in a contact group. */
export class Contact extends OrganisationRecord<ContactSnapshot> {
  private constructor(state: ContactSnapshot) {
    super(state);
  }

  /**
   * A new contact. When it is created primary, the caller demotes the contacts
   * that `primaryContactsToDemote` names, in the same transaction.
   */
  static create(input: CreateContact): Contact {
    const problem = uniqueIdProblem(input.uniqueId);
    if (problem) throw ValidationFailed.field('unique_id', problem);
    const { id, uniqueId, group, createdById, now, ...supplied } = input;
    const details: ContactDetails = Object.assign({}, DEFAULTS, stripUndefined(normalised(supplied)), {
      firstName: trimmed(input.firstName),
    });
    assertValid(details);
    return new Contact(Object.assign({}, details, {
      id,
      uniqueId,
      organisationId: group.organisationId,
      groupId: group.id,
      createdById,
      dateCreated: now,
      lastUpdated: now,
    }));
  }

  /** For mappers only: rebuilds a contact from storage. */
  static restore(snapshot: ContactSnapshot): Contact {
    return new Contact({ ...snapshot });
  }

  get groupId(): string {
    return this.state.groupId;
  }

  get entityType(): ContactEntityType {
    return this.state.entityType;
  }

  get entityTypeLabel(): string {
    return CONTACT_ENTITY_TYPES.label(this.state.entityType);
  }

  get entityId(): string | null {
    return this.state.entityId;
  }

  /** First and last name joined by a space; just the first name when there is no last name. */
  get fullName(): string {
    return [this.state.firstName, this.state.lastName].filter(Boolean).join(' ');
  }

  get isPrimary(): boolean {
    return this.state.primaryContact;
  }

  /**
   * The entity id that keys the contact's primary slot (with the group and the
   * entity type): null when it has none, and blank counts as none.
   */
  get slotEntityId(): string | null {
    const entityId = this.state.entityId;
    return entityId === null || entityId.trim() === '' ? null : entityId;
  }

  /**
   * Whether `other` holds the same primary slot: the same group and the same
   * (entity_type, entity_id). A contact without an entity id shares its slot
   * with every other contact of its entity type that has none.
   */
  sharesPrimarySlotWith(other: Contact): boolean {
    return (
      other.id !== this.id &&
      other.groupId === this.groupId &&
      other.entityType === this.entityType &&
      other.slotEntityId === this.slotEntityId
    );
  }

  /**
   * PUT and PATCH alike: a field left out (undefined) keeps its value; null
   * clears it. When the result is primary, the caller demotes the contacts that
   * `primaryContactsToDemote` names, in the same transaction.
   */
  update(changes: ContactChanges, now: Date): void {
    assertUniqueIdUnchanged(this.state.uniqueId, changes.uniqueId);
    const { uniqueId: _unchanged, ...rest } = changes;
    const supplied = stripUndefined(normalised(rest));
    assertValid(supplied);
    this.state = { ...this.state, ...supplied, lastUpdated: now };
  }

  /** Another contact took this one's primary slot. */
  demoteFromPrimary(now: Date): void {
    if (!this.state.primaryContact) return;
    this.state = { ...this.state, primaryContact: false, lastUpdated: now };
  }
}

function normalised<T extends Partial<ContactDetails>>(details: T): T {
  return { ...details, firstName: trimmed(details.firstName), lastName: trimmed(details.lastName) };
}

const TEXT_RULES: Record<keyof typeof CONTACT_LIMITS, TextRule> = {
  firstName: { max: CONTACT_LIMITS.firstName, required: true },
  lastName: { max: CONTACT_LIMITS.lastName },
  entityId: { max: CONTACT_LIMITS.entityId },
  email: { max: CONTACT_LIMITS.email },
  phone: { max: CONTACT_LIMITS.phone },
  mobile: { max: CONTACT_LIMITS.mobile },
  socialUrl: { max: CONTACT_LIMITS.socialUrl },
};

const WIRE_NAMES: Record<keyof typeof CONTACT_LIMITS, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  entityId: 'entity_id',
  email: 'email',
  phone: 'phone',
  mobile: 'mobile',
  socialUrl: 'social_url',
};

/** Checks the fields present in `details`; e-mail and URL formats are the HTTP layer's. */
function assertValid(details: Partial<ContactDetails>): void {
  const errors: FieldErrors = {};
  if ('entityType' in details && !CONTACT_ENTITY_TYPES.has(details.entityType)) {
    errors.entity_type = [
      details.entityType === null ? FIELD_MESSAGES.notNull : FIELD_MESSAGES.invalidChoice(String(details.entityType)),
    ];
  }
  for (const field of Object.keys(TEXT_RULES) as (keyof typeof CONTACT_LIMITS)[]) {
    if (!(field in details)) continue;
    const messages = textFieldErrors(details[field], TEXT_RULES[field]);
    if (messages.length > 0) errors[WIRE_NAMES[field]] = messages;
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}
