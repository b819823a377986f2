import { OWNER_FILTER, OwnerFilter, PARENT_FILTER, RecordFilters, RecordRepository } from '../../../../application/records/record.ports';
import { SecretBox } from '../../../../application/shared/ports';
import { duplicateUniqueId } from '../../../../application/shared/records';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { FieldErrors } from '../../../../domain/shared/errors';
import { columnOf, foldedColumnOf, orderPrefixColumnOf, parentField, ResourceDeclaration, searchFilterOf, uniqueFields } from '../../../declaration/resource-declaration';
import { Conditions, TypeOrmDatabase } from '../engine';
import { OrganisationRecords, OrganisationScopedRow, RecordTable, SortKey } from '../organisation-records';
import { searchCondition } from '../search-index';
import { DeclaredMapper } from './declared-mapper';
import { entityOf, searchedColumns } from './declared-table';

type Row = OrganisationScopedRow & Record<string, unknown>;

/** A filter's column and the value of the field it compares. */
interface EqualityFilter {
  name: string;
  column: string;
}

/**
 * The TypeORM store of a declared resource: the one record store
 * (`OrganisationRecords`) with the table, sort keys and filters its
 * declaration makes. A resource with queries of its own extends it.
 */
export class TypeOrmDeclaredRecords<T extends { readonly id: string }>
  extends OrganisationRecords<Row, T, RecordFilters, string>
  implements RecordRepository<T>
{
  protected readonly table: RecordTable<Row, T, string>;
  /** The declaration's mapper (the table's), for reads of part of a record (`partOf`). */
  protected readonly mapper: DeclaredMapper<T>;
  private readonly equalities: EqualityFilter[];
  /** Inclusive bounds on a column: `>=` the `from` filter's value, `<=` the `to` filter's. */
  private readonly ranges: { from: string; to: string; column: string }[];
  private readonly searched: { filter: string; table: string; columns: readonly string[] };
  /** The parent's key, whose records a list of a child resource holds. */
  private readonly parentColumn?: string;
  /** The columns of the fields naming people, by property: a list of records that belong to people may be of one person's (`OWNER_FILTER`). */
  private readonly personColumns: ReadonlyMap<string, string>;

  constructor(db: TypeOrmDatabase, box: SecretBox, declaration: ResourceDeclaration) {
    super(db);
    const sortKeys: Record<string, SortKey> = {};
    for (const field of declaration.fields) {
      if (field.ordering === undefined) continue;
      const column = field.folded ? foldedColumnOf(field) : columnOf(field);
      sortKeys[field.ordering] =
        field.orderPrefix === undefined ? { column, nullable: field.nullable || undefined } : { column: orderPrefixColumnOf(field), then: column, nullable: field.nullable || undefined };
    }
    this.mapper = new DeclaredMapper<T>(declaration, box);
    this.table = {
      entity: entityOf(declaration),
      mapper: this.mapper,
      model: declaration.names.one,
      inUse: declaration.storage.inUse,
      raced: declaration.storage.raced && [...declaration.storage.raced],
      counted: declaration.storage.counted,
      unrecorded: declaration.storage.unrecorded,
      unique: uniqueFields(declaration),
      unread: [
        ...declaration.fields.filter((field) => field.folded).map(foldedColumnOf),
        ...declaration.fields.filter((field) => field.orderPrefix !== undefined).map(orderPrefixColumnOf),
        ...(declaration.storage.computed ?? []).map((computed) => computed.column),
        ...(declaration.storage.kept ?? []).map((kept) => kept.name),
      ],
      sortKeys,
    };
    this.equalities = [
      ...declaration.fields.flatMap((field) => (field.filter === undefined ? [] : [{ name: field.filter, column: columnOf(field) }])),
      ...(declaration.storage.computed ?? []).flatMap(({ filter, column }) => (filter === undefined ? [] : [{ name: filter, column }])),
    ];
    this.ranges = declaration.fields.flatMap((field) => (field.range === undefined ? [] : [{ ...field.range, column: columnOf(field) }]));
    this.searched = { filter: searchFilterOf(declaration), table: declaration.table, columns: searchedColumns(declaration) };
    const parent = parentField(declaration);
    this.parentColumn = parent && columnOf(parent);
    this.personColumns = new Map(declaration.fields.filter((field) => field.type.type === 'person').map((field) => [field.property, columnOf(field)]));
  }

  async clashes(record: T, withUniqueId: boolean): Promise<FieldErrors> {
    const row = this.table.mapper.toPersistence(record);
    const errors: FieldErrors = {};
    for (const { column, field, message } of this.table.unique ?? []) {
      if (await this.exists(row.organisation_id, `r.${column} = :value AND r.id <> :id`, { value: row[column], id: row.id })) errors[field] = [message];
    }
    if (withUniqueId && (await this.exists(row.organisation_id, 'r.unique_id = :value AND r.id <> :id', { value: row.unique_id, id: row.id }))) {
      Object.assign(errors, duplicateUniqueId(this.table.model).errors);
    }
    return errors;
  }

  protected override filtered(query: Conditions, filters: RecordFilters): Conditions {
    if (this.parentColumn && filters[PARENT_FILTER] !== undefined) query.andWhere(`r.${this.parentColumn} = :f_parent`, { f_parent: filters[PARENT_FILTER] });
    const owner = filters[OWNER_FILTER] as OwnerFilter | undefined;
    if (owner !== undefined) {
      const column = this.personColumns.get(owner.property);
      if (column === undefined) throw new Error(`No person field ${owner.property} to filter by`);
      query.andWhere(`r.${column} = :f_owner`, { f_owner: owner.personId });
    }
    for (const { name, column } of this.equalities) {
      const value = filters[name];
      if (value !== undefined) query.andWhere(`r.${column} = :f_${name}`, { [`f_${name}`]: value instanceof CalendarDate ? value.toString() : value });
    }
    for (const { from, to, column } of this.ranges) {
      if (filters[from] !== undefined) query.andWhere(`r.${column} >= :f_${from}`, { [`f_${from}`]: String(filters[from]) });
      if (filters[to] !== undefined) query.andWhere(`r.${column} <= :f_${to}`, { [`f_${to}`]: String(filters[to]) });
    }
    const term = filters[this.searched.filter];
    if (typeof term === 'string') searchCondition(this.db.dialect, query, this.searched, term, 'search');
    return query;
  }
}
