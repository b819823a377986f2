import { FieldErrors, InUse, ValidationFailed } from '../shared/errors';
import { stripUndefined } from '../shared/nested';
import { assertUniqueIdUnchanged, uniqueIdProblem } from '../shared/unique-id';
import { textFieldErrors, trimmed } from './text-field';
import { Translations } from './translations';
import { OrganisationRecord } from '../shared/organisation-record';

export const CONTACT_GROUP_NAME_MAX_LENGTH = 200;

/** No endpoint moves a contact to another group: deleting them is the way to empty one. */
export const CONTACT_GROUP_IN_USE = 'This contact group still holds contacts; delete them first.';

/** What members may set on a contact group. */
export interface ContactGroupDetails {
  name: string;
  description: string | null;
  translations: Translations;
}

export interface ContactGroupSnapshot extends ContactGroupDetails {
  id: string;
  uniqueId: string;
  organisationId: string;
  dateCreated: Date;
  lastUpdated: Date;
}

export interface CreateContactGroup {
  id: string;
  uniqueId: string;
  organisationId: string;
  name: string;
  description?: string | null;
  translations?: Translations;
  now: Date;
}

export type ContactGroupChanges = Partial<ContactGroupDetails> & { uniqueId?: string };

/** A named folder of contacts inside an organisation. */
export class ContactGroup extends OrganisationRecord<ContactGroupSnapshot> {
  private constructor(state: ContactGroupSnapshot) {
    super(state);
  }

  static create(input: CreateContactGroup): ContactGroup {
    const problem = uniqueIdProblem(input.uniqueId);
    if (problem) throw ValidationFailed.field('unique_id', problem);
    const details: ContactGroupDetails = {
      name: trimmed(input.name),
      description: input.description ?? null,
      translations: input.translations ?? null,
    };
    assertValid(details);
    return new ContactGroup(Object.assign({}, details, {
      id: input.id,
      uniqueId: input.uniqueId,
      organisationId: input.organisationId,
      dateCreated: input.now,
      lastUpdated: input.now,
    }));
  }

  /** For mappers only: rebuilds a group from storage. */
  static restore(snapshot: ContactGroupSnapshot): ContactGroup {
    return new ContactGroup({ ...snapshot });
  }

  get name(): string {
    return this.state.name;
  }

  /** PUT and PATCH alike: a field left out (undefined) keeps its value; null clears it. */
  update(changes: ContactGroupChanges, now: Date): void {
    assertUniqueIdUnchanged(this.state.uniqueId, changes.uniqueId);
    const { uniqueId: _unchanged, ...rest } = changes;
    const supplied = stripUndefined({ ...rest, name: trimmed(rest.name) });
    assertValid(supplied);
    this.state = { ...this.state, ...supplied, lastUpdated: now };
  }

  /** The repository counts the contacts; the rule of what that count allows lives here. */
  assertDeletable(contactsCount: number): void {
    if (contactsCount > 0) throw new InUse(CONTACT_GROUP_IN_USE);
  }
}

function assertValid(details: Partial<ContactGroupDetails>): void {
  const errors: FieldErrors = {};
  if ('name' in details) {
    const name = textFieldErrors(details.name, { max: CONTACT_GROUP_NAME_MAX_LENGTH, required: true });
    if (name.length > 0) errors.name = name;
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}
