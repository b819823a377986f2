import { EntitySchema } from 'typeorm';
import { DeclaredField, FieldType } from '../../../declaration/declared-field';
import { StoredDeclaration } from '../../../declaration/stored-declaration';
import { columnOf, fileColumnsOf, foldedColumnOf, orderPrefixColumnOf, storedFields } from '../../../declaration/resource-declaration';
import { Column, column as c, Columns, Dialect, entityColumns, organisationKey, references, uniqueIdPerOrganisation } from '../columns';
import { searchIndices } from '../search-index';

/**
 * The table a declaration makes: a column per stored field (and the folded
 * twin of a `folded` one), the organisation's key, a key per person it names,
 * the indexes it declares and its search indexes. Migrations describe their
 * columns with the same builder, never from here (see columns.ts).
 */

/** The column of a stored field. */
function columnFor(field: DeclaredField): Column<unknown> {
  // A secret is kept sealed: text of its own length, whatever the value's.
  const described = field.secret ? c.text() : columnOfType(field.type);
  const compared = field.bytewise ? described.bytewise() : described;
  return field.nullable ? compared.nullable() : compared;
}

/** The column that holds a value of `type`. */
function columnOfType(type: FieldType): Column<unknown> {
  switch (type.type) {
    case 'uniqueId':
      return c.varchar(100);
    case 'text':
      return type.max === undefined ? c.text() : c.varchar(type.max);
    case 'choice':
      return c.varchar(type.columnLength);
    case 'choices':
      return c.text();
    case 'decimal':
      return c.decimal(type.limits.decimalPlaces);
    case 'currency':
      return c.varchar(3);
    case 'integer':
      return c.integer();
    case 'boolean':
      return type.flag ? c.flag() : c.boolean(type.default);
    case 'date':
      return c.date();
    case 'timestamp':
      return type.epochMillis ? c.epochMillis() : c.timestamp();
    case 'person':
    case 'parent':
    case 'reference':
      return c.ref();
    case 'nested':
      return c.text();
    case 'file':
    case 'summary':
    case 'picture':
      throw new Error(`A ${type.type} has no column of its own`);
  }
}

/** The folded twin of a `folded` text field: compared byte by byte on every engine. */
function foldedColumnFor(field: DeclaredField): Column<unknown> {
  const max = field.type.type === 'text' ? field.type.max : undefined;
  const folded = (max === undefined ? c.text() : c.varchar(max)).bytewise();
  if (field.foldedBlank) return folded.withDefault("''");
  return field.nullable ? folded.nullable() : folded;
}

const tables = new WeakMap<StoredDeclaration, Columns>();

/** The table's columns, by name. */
export function declaredColumns(declaration: StoredDeclaration): Columns {
  let columns = tables.get(declaration);
  if (!columns) {
    columns = declaration.unscoped ? { id: c.id() } : { id: c.id(), organisation_id: c.ref() };
    for (const field of storedFields(declaration)) {
      if (field.packed !== undefined) {
        columns[field.packed] = c.text();
        continue;
      }
      if (field.type.type === 'file' || field.type.type === 'picture') {
        // A file's reference: all three null when there is none.
        const file = fileColumnsOf(field);
        Object.assign(columns, { [file.key]: c.varchar(200).nullable(), [file.contentType]: c.varchar(50).nullable(), [file.size]: c.integer().nullable() });
        continue;
      }
      columns[columnOf(field)] = columnFor(field);
      if (field.folded) columns[foldedColumnOf(field)] = foldedColumnFor(field);
      // The default '' only lets SQLite add it NOT NULL to a filled table (see migration-columns.ts).
      if (field.orderPrefix !== undefined) columns[orderPrefixColumnOf(field)] = c.varchar(field.orderPrefix).bytewise().withDefault("''");
    }
    for (const kept of declaration.storage.kept ?? []) columns[kept.name] = kept.nullable ? columnOfType(kept.type).nullable() : columnOfType(kept.type);
    for (const computed of declaration.storage.computed ?? []) columns[computed.column] = columnOfType(computed.type);
    tables.set(declaration, columns);
  }
  return columns;
}

/** The key columns the list's `search` looks in. */
export function searchedColumns(declaration: StoredDeclaration): string[] {
  if (declaration.storage.searchColumns) return [...declaration.storage.searchColumns];
  return declaration.fields.filter((field) => field.searched).map((field) => (field.folded ? foldedColumnOf(field) : columnOf(field)));
}

/** The entity's name in TypeORM: its schema's name. */
export const entityOf = (declaration: StoredDeclaration): string => declaration.schemaName;

/** The entity schema of a declared table. */
export function declaredSchema(declaration: StoredDeclaration, dialect: Dialect): EntitySchema {
  const { table } = declaration;
  // A person's key, a reference's and a parent's. No cascade: a record that another names is not deleted (409 `in_use`).
  const keys = storedFields(declaration).flatMap((field) => {
    const { type } = field;
    const table = type.type === 'person' ? 'persons' : type.type === 'parent' ? type.parent.table : type.type === 'reference' ? type.table : undefined;
    const key = field.foreignKey ?? {};
    if (table === undefined || (key.postgresOnly && dialect !== 'postgres')) return [];
    if (!key.scoped) return [references(table, [columnOf(field)], { name: key.name })];
    return [references(table, ['organisation_id', columnOf(field)], { name: key.name, referencedColumnNames: ['organisation_id', 'id'] })];
  });
  const searched = searchedColumns(declaration);
  return new EntitySchema({
    name: entityOf(declaration),
    tableName: table,
    columns: entityColumns(dialect, declaredColumns(declaration)),
    // Unscoped, its unique_id's constraint is among its declared ones.
    uniques: [...(declaration.unscoped ? [] : [uniqueIdPerOrganisation(table)]), ...(declaration.storage.uniques ?? []).map((unique) => ({ ...unique }))],
    foreignKeys: [...(declaration.unscoped ? [] : [organisationKey()]), ...keys],
    indices: [...(searched.length > 0 ? searchIndices(dialect, table, searched) : []), ...(declaration.storage.indices ?? []).map((index) => ({ ...index }))],
  });
}
