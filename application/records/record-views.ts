import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { peopleNamed } from '../person/people-named';
import { PersonRepository } from '../person/person.ports';
import { KnownPerson, PersonRef } from '../shared/actor';
import { Clock } from '../shared/ports';
import { KeptRecord, RecordScope, WiredRecordKind } from './record-kind';

/** A record as its presenter writes it: its state, the people it names and what it computes as of today. */
export interface RecordView<S extends OrganisationRecordState = OrganisationRecordState> {
  record: S;
  /** The people the record names, by internal id. */
  people: ReadonlyMap<string, PersonRef>;
  /** The kind's derived values, by property. */
  derived: Readonly<Record<string, unknown>>;
}

const NOTHING_DERIVED: Readonly<Record<string, unknown>> = Object.freeze({});

/** Views of one kind's records: the people they name read in one query, every view as of one "today". */
export class RecordViews<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(
    private readonly kind: WiredRecordKind<T, S>,
    private readonly persons: PersonRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * `caller`: the person making the request, as the organisation's read gave
   * them (not read again); `scope`: where the records are, for a kind that
   * `annotate`s its views.
   */
  async one(record: T, caller?: KnownPerson, scope?: RecordScope): Promise<RecordView<S>> {
    const [view] = await this.many([record], caller, scope);
    return view;
  }

  async many(records: readonly T[], caller?: KnownPerson, scope?: RecordScope): Promise<RecordView<S>[]> {
    const { kind } = this;
    const today = kind.derive ? this.clock.today() : undefined;
    const snapshots = records.map((record) => record.snapshot());
    const ids = snapshots.flatMap((snapshot) => kind.people.map((property) => (snapshot as unknown as Record<string, string | null>)[property]));
    const people = await peopleNamed(this.persons, ids, [caller]);
    const annotations = await this.annotations(records, scope);
    return records.map((record, index) => {
      const derived = kind.derive && today ? kind.derive(record, today) : NOTHING_DERIVED;
      return { record: snapshots[index], people, derived: annotations ? { ...derived, ...annotations[index] } : derived };
    });
  }

  private async annotations(records: readonly T[], scope: RecordScope | undefined): Promise<Record<string, unknown>[] | undefined> {
    if (!this.kind.annotate) return undefined;
    if (!scope) throw new Error(`The views of ${this.kind.names.many} need their scope`);
    return this.kind.annotate(records, scope);
  }
}
