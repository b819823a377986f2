import { OWNER_FILTER, OwnerFilter, PARENT_FILTER, RecordFilters, RecordRepository } from '../../../application/records/record.ports';
import { duplicateUniqueId } from '../../../application/shared/records';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { FieldErrors } from '../../../domain/shared/errors';
import { OrganisationRecordState } from '../../../domain/shared/organisation-record';
import { DeclaredField } from '../../declaration/declared-field';
import { parentField, ResourceDeclaration, searchFilterOf, uniqueFields } from '../../declaration/resource-declaration';
import { searchKey } from '../search-key';
import { contains, InMemoryRecords, RecordCollection, SortValue } from './in-memory-records';

/** A snapshot read by property name. */
type Snapshot = Record<string, unknown>;
const valuesOf = (state: OrganisationRecordState): Snapshot => state as unknown as Snapshot;

/** What a field sorts by, as its column sorts on the engines: folded text, decimals by units, dates by their text. */
function sortValueOf(field: DeclaredField): (snapshot: OrganisationRecordState) => SortValue {
  const read = readerOf(field);
  return (state) => read(valuesOf(state));
}

function readerOf(field: DeclaredField): (snapshot: Snapshot) => SortValue {
  const { property } = field;
  if (field.foldedBlank) return (s) => searchKey((s[property] as string | null) ?? '');
  if (field.folded) return (s) => searchKey(s[property] as string | null);
  switch (field.type.type) {
    case 'decimal': {
      const places = field.type.limits.decimalPlaces;
      return (s) => (s[property] as Decimal | null)?.toUnits(places) ?? null;
    }
    case 'date':
      return (s) => (s[property] as CalendarDate | null)?.toString() ?? null;
    case 'timestamp':
      return (s) => (s[property] as Date | null)?.getTime() ?? null;
    default:
      return (s) => (s[property] as SortValue | undefined) ?? null;
  }
}

/** A value as a filter compares it. */
const comparable = (value: unknown): unknown => (value instanceof CalendarDate ? value.toString() : value);

/** The in-memory twin of `TypeOrmDeclaredRecords`: the same sort keys, filters and search, from the declaration. */
export class InMemoryDeclaredRecords<T extends { snapshot(): OrganisationRecordState; readonly id: string }>
  extends InMemoryRecords<OrganisationRecordState, T, RecordFilters, string>
  implements RecordRepository<T>
{
  protected readonly collection: RecordCollection<OrganisationRecordState, T, string>;
  private readonly equalities: { name: string; read: (snapshot: Snapshot) => unknown }[];
  private readonly searched: string[];
  private readonly ranges: { from: string; to: string; read: (snapshot: Snapshot) => SortValue }[];
  private readonly parentProperty?: string;
  private readonly searchFilter: string;

  constructor(declaration: ResourceDeclaration) {
    super();
    const sortKeys: Record<string, (snapshot: OrganisationRecordState) => SortValue> = {};
    for (const field of declaration.fields) if (field.ordering !== undefined) sortKeys[field.ordering] = sortValueOf(field);
    // A folded field is unique by its key, as its column is; no value (null) clashes with none.
    const unique = uniqueFields(declaration).map(({ property, field, message, folded }) => ({
      of: (state: OrganisationRecordState) => {
        const value = valuesOf(state)[property];
        return folded ? searchKey(value as string | null) : value;
      },
      field,
      message,
    }));
    this.collection = { restore: declaration.restore as unknown as (snapshot: OrganisationRecordState) => T, model: declaration.names.one, sortKeys, unique };
    this.equalities = [
      ...declaration.fields.flatMap(({ filter, property }) => (filter === undefined ? [] : [{ name: filter, read: (s: Snapshot) => s[property] }])),
      ...(declaration.storage.computed ?? []).flatMap(({ filter, compute }) =>
        filter === undefined ? [] : [{ name: filter, read: compute as (snapshot: Snapshot) => unknown }],
      ),
    ];
    this.ranges = declaration.fields.flatMap((field) => (field.range === undefined ? [] : [{ ...field.range, read: readerOf(field) }]));
    this.searched = declaration.fields.filter((field) => field.searched).map((field) => field.property);
    this.parentProperty = parentField(declaration)?.property;
    this.searchFilter = searchFilterOf(declaration);
  }

  async clashes(record: T, withUniqueId: boolean): Promise<FieldErrors> {
    const state = record.snapshot();
    const others = this.of(state.organisationId).filter((other) => other.id !== state.id);
    const errors: FieldErrors = {};
    for (const unique of this.collection.unique ?? []) {
      const value = unique.of(state);
      if (value !== null && others.some((other) => unique.of(other) === value)) errors[unique.field] = [unique.message];
    }
    if (withUniqueId && others.some((other) => other.uniqueId === state.uniqueId)) Object.assign(errors, duplicateUniqueId(this.collection.model).errors);
    return errors;
  }

  protected override matches(state: OrganisationRecordState, filters: RecordFilters): boolean {
    const s = valuesOf(state);
    if (this.parentProperty && filters[PARENT_FILTER] !== undefined && s[this.parentProperty] !== filters[PARENT_FILTER]) return false;
    const owner = filters[OWNER_FILTER] as OwnerFilter | undefined;
    if (owner !== undefined && s[owner.property] !== owner.personId) return false;
    for (const { name, read } of this.equalities) {
      const value = filters[name];
      if (value !== undefined && comparable(read(s)) !== comparable(value)) return false;
    }
    for (const { from, to, read } of this.ranges) {
      const value = read(s);
      if (filters[from] !== undefined && (value === null || value < (comparable(filters[from]) as string | number))) return false;
      if (filters[to] !== undefined && (value === null || value > (comparable(filters[to]) as string | number))) return false;
    }
    const term = filters[this.searchFilter];
    return typeof term !== 'string' || contains(term, ...this.searched.map((property) => s[property] as string | null));
  }
}
