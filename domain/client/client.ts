import { ValidationFailed } from '../shared/errors';
import { stripUndefined } from '../shared/nested';
import { assertUniqueIdUnchanged } from '../shared/unique-id';
import { OrganisationRecord } from '../shared/organisation-record';

export const CLIENT_NAME_MAX_LENGTH = 200;
/** Django's EmailField default, which DRF clients expect. */
export const CLIENT_EMAIL_MAX_LENGTH = 254;
export const CLIENT_PHONE_MAX_LENGTH = 50;
export const CLIENT_WEBSITE_MAX_LENGTH = 300;

/** What a member may set on a client. */
export interface ClientDetails {
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
}

export interface ClientSnapshot extends ClientDetails {
  id: string;
  uniqueId: string;
  organisationId: string;
  dateCreated: Date;
  lastUpdated: Date;
}

export interface NewClient extends Partial<ClientDetails> {
  id: string;
  uniqueId: string;
  organisationId: string;
  name: string;
  now: Date;
}

export type ClientChanges = Partial<ClientDetails> & { uniqueId?: string };

/** A customer of the organisation, which leads may name. */
export class Client extends OrganisationRecord<ClientSnapshot> {
  private constructor(state: ClientSnapshot) {
    super(state);
  }

  static create(input: NewClient): Client {
    return new Client(
      checked({
        name: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        website: input.website ?? null,
        id: input.id,
        uniqueId: input.uniqueId,
        organisationId: input.organisationId,
        dateCreated: input.now,
        lastUpdated: input.now,
      }),
    );
  }

  /** For mappers only: rebuilds a client from storage. */
  static restore(snapshot: ClientSnapshot): Client {
    return new Client({ ...snapshot });
  }

  get name(): string {
    return this.state.name;
  }

  update(changes: ClientChanges, now: Date): void {
    assertUniqueIdUnchanged(this.state.uniqueId, changes.uniqueId);
    const { uniqueId: _unchanged, ...details } = changes;
    this.state = checked({ ...this.state, ...stripUndefined(details), lastUpdated: now });
  }
}

function checked(state: ClientSnapshot): ClientSnapshot {
  if (state.name.trim().length === 0) throw ValidationFailed.field('name', 'This field may not be blank.');
  return state;
}
