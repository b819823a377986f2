import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { peopleNamed } from '../person/people-named';
import { PersonRepository } from '../person/person.ports';
import { KnownPerson, PersonRef } from '../shared/actor';
import { Clock } from '../shared/ports';
import { KeptRecord, NamedRecord, RecordScope, WiredRecordKind } from './record-kind';

/** A record as its presenter writes it: its state, the people it names and what it computes as of today. */
export interface RecordView<S extends OrganisationRecordState = OrganisationRecordState> {
  record: S;
  /** The people the record names, by internal id. */
  people: ReadonlyMap<string, PersonRef>;
  /** The kind's derived values, by property. */
  derived: Readonly<Record<string, unknown>>;
  /** The unique_ids of the records its reference fields name, by internal id. */
  references?: ReadonlyMap<string, string>;
  /** The records its reference fields name, by internal id, where its answer shows more of them than their unique_id. */
  referenced?: ReadonlyMap<string, object>;
  /** Its organisation's unique_id, where its answer links to something of the record's (a receipt). */
  organisationUniqueId?: string;
}

const NOTHING_DERIVED: Readonly<Record<string, unknown>> = Object.freeze({});
const NO_REFERENCES: ReadonlyMap<string, never> = new Map<string, never>();

/** Views of one kind's records: the people they name read in one query, every view as of one "today". */
export class RecordViews<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(
    private readonly kind: WiredRecordKind<T, S>,
    private readonly persons: PersonRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * `caller`: the person making the request, as the organisation's read gave
   * them; `scope`: where the records are, for a kind that `annotate`s its
   * views; `known`: records its references name that the caller has read
   * already (resolving them). Neither the caller nor those is read again.
   */
  async one(record: T, caller?: KnownPerson, scope?: RecordScope, known: readonly NamedRecord[] = []): Promise<RecordView<S>> {
    const [view] = await this.many([record], caller, scope, known);
    return view;
  }

  async many(records: readonly T[], caller?: KnownPerson, scope?: RecordScope, known: readonly NamedRecord[] = []): Promise<RecordView<S>[]> {
    const { kind } = this;
    const today = kind.derive ? this.clock.today() : undefined;
    const snapshots = records.map((record) => record.snapshot());
    const ids = snapshots.flatMap((snapshot) => kind.people.map((property) => (snapshot as unknown as Record<string, string | null>)[property]));
    // People the caller named by reference (an expense's employee) were read resolving them.
    const people = await peopleNamed(this.persons, ids, [caller, ...known.filter((record): record is KnownPerson => 'fullName' in record)]);
    const annotations = await this.annotations(records, scope);
    const { references, referenced } = await this.referencesOf(snapshots, known);
    const organisationUniqueId = scope?.organisation.uniqueId;
    return records.map((record, index) => {
      const derived = kind.derive && today ? kind.derive(record, today) : NOTHING_DERIVED;
      return { record: snapshots[index], people, derived: annotations ? { ...derived, ...annotations[index] } : derived, references, referenced, organisationUniqueId };
    });
  }

  private async annotations(records: readonly T[], scope: RecordScope | undefined): Promise<Record<string, unknown>[] | undefined> {
    if (!this.kind.annotate) return undefined;
    if (!scope) throw new Error(`The views of ${this.kind.names.many} need their scope`);
    return this.kind.annotate(records, scope);
  }

  /**
   * The records the snapshots name by reference, and their unique_ids: the
   * fields read side by side, each of those not known (people aside: they are
   * read with the others the records name).
   */
  private async referencesOf(snapshots: readonly S[], known: readonly NamedRecord[]): Promise<{ references: ReadonlyMap<string, string>; referenced: ReadonlyMap<string, object> }> {
    const fields = (this.kind.referenceFields ?? []).filter(({ property }) => !this.kind.people.includes(property));
    if (fields.length === 0 || snapshots.length === 0) return { references: NO_REFERENCES, referenced: NO_REFERENCES };
    const { organisationId } = snapshots[0];
    const named = new Map<string, NamedRecord>(known.map((record) => [record.id, record]));
    // Only what is not known is read (a create's view knows every record its body named): no read, no wait.
    const reads = fields.flatMap(({ property, records }) => {
      const missing = new Set<string>();
      for (const snapshot of snapshots) {
        const id = (snapshot as unknown as Record<string, string | null>)[property];
        if (id !== null && id !== undefined && !named.has(id)) missing.add(id);
      }
      return missing.size > 0 ? [records.findByIds(organisationId, [...missing])] : [];
    });
    if (reads.length > 0) for (const record of (await Promise.all(reads)).flat()) named.set(record.id, record);
    const uniqueIds = new Map<string, string>();
    const records = new Map<string, object>();
    for (const { property } of fields) {
      for (const snapshot of snapshots) {
        const id = (snapshot as unknown as Record<string, string | null>)[property];
        const record = id === null || id === undefined ? undefined : named.get(id);
        if (record) {
          uniqueIds.set(record.id, record.uniqueId);
          records.set(record.id, record);
        }
      }
    }
    return { references: uniqueIds, referenced: records };
  }
}
