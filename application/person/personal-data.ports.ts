
/** An organisation the person owns, and whether anyone else belongs to it. */
export interface OwnedOrganisation {
  id: string;
  name: string;
  otherMembers: number;
}

/**
 * What erasing an account removes beyond the person's own row (issue 47), in
 * the current transaction: what was theirs alone (credentials, sessions, API
 * keys, invitations, notification settings and mails, memberships, stored
 * answers), and the organisations that were theirs alone.
 */
export interface AccountErasure {
  ownedOrganisations(personId: string): Promise<OwnedOrganisation[]>;
  /** Deletes what belongs to the person alone; `email` is the address they had (invitations to it, stored answers naming it). */
  eraseBelongings(personId: string, email: string): Promise<void>;
  /** After the commit: asks the storage to let no copy of the erased values linger (SQLite's write-ahead log). */
  forgetErased(): Promise<void>;
}

/** A record of an organisation's that names the person in one of its person fields. */
export interface NamingRecord {
  /** The declared model (`expense`). */
  model: string;
  organisationUniqueId: string;
  /** The entity, as the record store restores it. */
  record: { snapshot(): object };
}

/** One piece of an export, in the order the sections are written. */
export type ExportPiece =
  | { section: 'memberships'; item: { organisation: string; name: string; role: string; dateJoined: Date } }
  | { section: 'records'; item: NamingRecord }
  | { section: 'imports'; item: { organisation: string | null; uniqueId: string; resource: string; mode: string; dryRun: boolean; status: string; rows: number; created: number; updated: number; unchanged: number; invalid: number; dateCreated: Date } }
  | { section: 'history'; item: { organisation: string | null; model: string; record: string; action: string; at: Date; changes: unknown } }
  | { section: 'sessions'; item: { createdAt: Date; expiresAt: Date } }
  | { section: 'notification_preferences'; item: { digest: string; kindsOff: unknown; lastUpdated: Date } }
  | { section: 'notification_deliveries'; item: { organisation: string | null; kind: string; record: string; status: string; attempts: number; createdAt: Date; sentAt: Date | null } };

/**
 * Everything the storage holds about a person across organisations (issue
 * 47), read page by page: the records naming them in a person field of any
 * declared resource, the CSV imports they ran, their history entries, sessions (no tokens), API keys
 * (no secrets), memberships, notification preferences and deliveries.
 */
export interface PersonalDataReader {
  read(personId: string): AsyncIterable<ExportPiece>;
}

export const PERSONAL_DATA_TOKENS = {
  AccountErasure: Symbol.for('AccountErasure'),
  PersonalDataReader: Symbol.for('PersonalDataReader'),
} as const;
