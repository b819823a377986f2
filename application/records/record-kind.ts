import { CalendarDate } from '../../domain/shared/calendar-date';
import { Role } from '../../domain/organisation/membership';
import { Organisation } from '../../domain/organisation/organisation';
import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';

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

/** What a new record is made with besides the command: its identity, its organisation and its maker. */
export interface NewRecordContext {
  id: string;
  uniqueId: string;
  organisation: Organisation;
  actor: Actor;
  now: Date;
  /** The record it is made under, for a kind that has a parent. */
  parent?: ParentRecord;
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
  create(command: C, context: NewRecordContext): T;
  /** PUT and PATCH alike: the entity applies what the changes carry. */
  update(record: T, changes: U, now: Date): void;
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
  /** Before a delete: refuses (`InUse`) while something still names the record. */
  beforeDelete?(organisationId: string, record: T): Promise<void>;
}

/** The snapshot properties that hold people's internal ids: set from the adapters' declaration. */
export type PersonProperties = readonly string[];

/** A record kind wired to its storage and to the people its records name. */
export interface WiredRecordKind<T extends KeptRecord<S>, S extends OrganisationRecordState = OrganisationRecordState> extends RecordKind<T, S> {
  readonly repository: symbol;
  readonly people: PersonProperties;
}

/** The container's token of a kind's `RecordContext` (its storage and views, for use cases beyond the five). */
export const recordContextToken = (model: string): symbol => Symbol.for(`RecordContext:${model}`);
