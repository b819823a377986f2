import { DataSource } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { Dialect } from './dialect';

/** An entity's INSERT … ON CONFLICT … DO UPDATE, and the columns whose values it takes, in order. */
export interface Upsert {
  sql: string;
  columns: ColumnMetadata[];
}

/**
 * What the engine reads from TypeORM's metadata of an entity, read once:
 * TypeORM finds an entity's metadata by a search, and several statements of
 * every request name a table.
 */
export class EntitySql {
  private readonly tableNames = new Map<string, string>();
  private readonly upserts = new Map<string, Upsert>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly dialect: Dialect,
  ) {}

  /** The table an entity schema maps to. */
  tableOf(entity: string): string {
    let table = this.tableNames.get(entity);
    if (table === undefined) this.tableNames.set(entity, (table = this.dataSource.getMetadata(entity).tableName));
    return table;
  }

  /** The columns of an entity's table, by their names in the database. */
  columnsOf(entity: string): string[] {
    return this.dataSource.getMetadata(entity).columns.map((column) => column.databaseName);
  }

  /** The INSERT … ON CONFLICT … DO UPDATE of an entity, made once. */
  upsertOf(entity: string): Upsert {
    let writer = this.upserts.get(entity);
    if (!writer) {
      const metadata = this.dataSource.getMetadata(entity);
      const columns = metadata.columns;
      const quoted = (column: ColumnMetadata) => `"${column.databaseName}"`;
      const placeholders = columns.map((_, i) => (this.dialect === 'sqlite' ? '?' : `$${i + 1}`));
      const keys = metadata.primaryColumns.map(quoted);
      const updates = columns.filter((column) => !column.isPrimary).map((column) => `${quoted(column)} = excluded.${quoted(column)}`);
      const sql =
        `INSERT INTO "${metadata.tableName}" (${columns.map(quoted).join(', ')}) VALUES (${placeholders.join(', ')}) ` +
        `ON CONFLICT (${keys.join(', ')}) DO ${updates.length > 0 ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`;
      writer = { sql, columns };
      this.upserts.set(entity, writer);
    }
    return writer;
  }
}
