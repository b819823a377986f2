import { CalendarDate } from '../../domain/shared/calendar-date';
import { Role } from '../../domain/organisation/membership';
import { Organisation } from '../../domain/organisation/organisation';
import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { IncomingFile } from '../shared/incoming-file';
import { StoredFile } from '../../domain/shared/file-type';

/** What every organisation-scoped entity offers the record service. */
export interface KeptRecord<S extends OrganisationRecordState> {
  readonly id: string;
  readonly uniqueId: string;
  snapshot(): S;
}

/** Where records are read and written: their organisation, and their parent record for a kind that has one. */
export interface RecordScope {
  organisation: Organisation;
  parent?: ParentRecord;
}

/** A record that holds others (a contact group): its internal id, and the rest as its kind has it. */
export interface ParentRecord {
  readonly id: string;
}

/**
 * The record a kind's records are reached through (a contact through its
 * group): its storage, and its key in a record. A write locks it, so that
 * writes under one parent take turns.
 */
export interface RecordParent<T> {
  readonly records: { findByUniqueId(organisationId: string, uniqueId: string, options?: { forUpdate?: boolean }): Promise<ParentRecord | null> };
  idOf(record: T): string;
}

/** A record that another names by reference: kept by its id, written by its unique_id. */
export interface NamedRecord {
  readonly id: string;
  readonly uniqueId: string;
}

/** The records a command's references resolved to. */
export function namedIn(referenced: Readonly<Record<string, NamedRecord | null | undefined>>): NamedRecord[] {
  return Object.values(referenced).filter((record): record is NamedRecord => record !== null && record !== undefined);
}

/** Where the records a reference field names are found (their kind's repository fits). */
export interface ReferencedRecords {
  findByUniqueId(organisationId: string, uniqueId: string): Promise<NamedRecord | null>;
  findByIds(organisationId: string, ids: string[]): Promise<NamedRecord[]>;
  /**
   * Why a body may not name `record` (an inactive account), given the state
   * of the record being changed (`current`, none on a create): the 400 on its field.
   */
  refuses?(record: NamedRecord, current: object | undefined): string | undefined;
}

/**
 * Where the files a kind's file fields hold are kept (`StoredFiles` fits):
 * an upload is stored before the write's transaction, recorded for removal
 * until the write keeps it in its transaction, and removed if the write fails;
 * a file a write replaces, or a delete leaves, is recorded for removal in its
 * transaction and removed once that is committed.
 */
export interface KeptFiles {
  upload(ownerId: string, file: IncomingFile): Promise<StoredFile>;
  keep(stored: StoredFile): Promise<void>;
  abandon(stored: StoredFile): Promise<void>;
  leave(stored: StoredFile | null): Promise<void>;
  discard(stored: StoredFile | null): Promise<void>;
}

/** What a new record is made with besides the command: its identity, its organisation and its maker. */
export interface NewRecordContext {
  id: string;
  uniqueId: string;
  organisation: Organisation;
  actor: Actor;
  now: Date;
  /** The record it is made under, for a kind that has a parent. */
  parent?: ParentRecord;
  /** The records the command's references name, by property, as resolved (null: none named). */
  referenced: Readonly<Record<string, NamedRecord | null | undefined>>;
}

/**
 * A kind of organisation-scoped record, as the one record service runs it:
 * who may read and write it, how the entity makes and changes one, and the
 * hooks where a kind differs. The wire and the storage are the adapters'
 * declaration of it; the rules are its entity's.
 */
export interface RecordKind<T extends KeptRecord<S>, S extends OrganisationRecordState, C = unknown, U = unknown> {
  /** The model's name (history, events, the duplicate unique_id message) and its collection's. */
  readonly names: { readonly one: string; readonly many: string };
  /** The least role that may read it, and that may create, change and delete it. */
  readonly roles: { readonly read: Role; readonly write: Role };
  /** Announces `<one>.created`, `.updated` and `.deleted` to the organisation's webhooks. */
  readonly events: boolean;
  /** The record the paths name before this one's; its records are found and listed only through it. */
  readonly parent?: RecordParent<T>;
  /**
   * The snapshot property naming the person a record belongs to (an API
   * key's maker): a member reaches only their own records, an owner every one.
   */
  readonly ownedBy?: string;
  /** May read what a new record needs first (the next free position of a sales stage). */
  create(command: C, context: NewRecordContext): T | Promise<T>;
  /** PUT and PATCH alike: the entity applies what the changes carry (`scope`: its organisation, a lock date's). */
  update(record: T, changes: U, now: Date, scope: RecordScope): void;
  /** Before an update looks at its input: refuses a record its state does not let change (409 `locked`), whatever the input. */
  beforeChange?(record: T, scope: RecordScope): void | Promise<void>;
  /**
   * Values only the create's answer shows beside the record, by property
   * (a webhook endpoint's signing secret, shown once): never in a later view,
   * an event or history.
   */
  createdView?(record: T): Record<string, unknown>;
  /** Values its view shows that the record computes as of `today` (days since its last contact…), by property. */
  derive?(record: T, today: CalendarDate): Record<string, unknown>;
  /**
   * Values its view shows that come from beyond the record (its
   * organisation's name, counts of other records), for many records at once:
   * one object of values by property per record, in their order.
   */
  annotate?(records: readonly T[], scope: RecordScope): Promise<Record<string, unknown>[]>;
  /** Before a created or changed record is saved: what its rules ask of the others (the primary contact it replaces). */
  beforeSave?(record: T, now: Date): Promise<void>;
  /**
   * A delete that keeps the record: it is retired instead (an API key
   * revoked) and saved, so that it is still listed and its history goes on.
   */
  retire?(record: T, now: Date): void;
  /** Before a delete: refuses (`InUse`) while something still names the record, or (`Locked`) while its state keeps it. */
  beforeDelete?(organisationId: string, record: T, scope: RecordScope): Promise<void>;
  /**
   * Where the records its reference fields name are found, by property
   * (`salesStageId`): a body's unique_ids are resolved to their ids before
   * `create` and `update`, and a view shows their unique_ids.
   */
  readonly references?: Readonly<Record<string, ReferencedRecords>>;
  /** Where the files its `file` fields hold are kept, by property (`receipt`). */
  readonly files?: Readonly<Record<string, KeptFiles>>;
  /** Events an update announces after `<one>.updated`, by change (a lead `won`), from its state `before` the update. */
  updateEvents?(before: S, record: T): readonly string[];
}

/** The snapshot properties that hold people's internal ids: set from the adapters' declaration. */
export type PersonProperties = readonly string[];

/** A reference field of the kind: its snapshot property and the wire name its errors are reported under. */
export interface ReferenceField {
  readonly property: string;
  readonly wire: string;
  readonly records: ReferencedRecords;
  /** The list filter that names the record by unique_id (`account_id`). */
  readonly filter?: string;
}

/** A record kind wired to its storage and to the people and records its records name. */
export interface WiredRecordKind<T extends KeptRecord<S>, S extends OrganisationRecordState = OrganisationRecordState> extends RecordKind<T, S> {
  readonly repository: symbol;
  readonly people: PersonProperties;
  /** Set from the adapters' declaration, each with the kind's `references` entry. */
  readonly referenceFields?: readonly ReferenceField[];
}

/** The container's token of a kind's `RecordContext` (its storage and views, for use cases beyond the five). */
export const recordContextToken = (model: string): symbol => Symbol.for(`RecordContext:${model}`);
