import { inject, injectable } from 'inversify';
import { FileRemoval, FileRemovalQueue } from '../../../application/shared/file-removals';
import { FileNamespace } from '../../../application/shared/file-storage';
import { NamedParameters, TypeOrmDatabase } from './engine';

/**
 * File removals in the table `file_removals` (migration 1065), a row per file,
 * in the current transaction when one is open (a write's), else on their own.
 * Times are epoch milliseconds. Instances may sweep side by side: a removal
 * made twice removes nothing the second time.
 */
@injectable()
export class TypeOrmFileRemovals implements FileRemovalQueue {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async add(namespace: FileNamespace, key: string, dueAt: Date): Promise<void> {
    await this.write(
      `INSERT INTO file_removals (namespace, object_key, due_at, attempts) VALUES (:namespace, :key, :due, 0)
       ON CONFLICT (namespace, object_key) DO UPDATE SET due_at = CASE WHEN excluded.due_at < file_removals.due_at THEN excluded.due_at ELSE file_removals.due_at END`,
      { namespace, key, due: dueAt.getTime() },
    );
  }

  async cancel(namespace: FileNamespace, key: string): Promise<void> {
    await this.write('DELETE FROM file_removals WHERE namespace = :namespace AND object_key = :key', { namespace, key });
  }

  async due(now: Date, limit: number): Promise<FileRemoval[]> {
    const [table] = await this.db.read([
      this.db.sql('SELECT namespace, object_key, attempts FROM file_removals WHERE due_at <= :now ORDER BY due_at LIMIT :limit', { now: now.getTime(), limit }),
    ]);
    return table.rows.map(([namespace, key, attempts]) => ({ namespace: namespace as FileNamespace, key: String(key), attempts: Number(attempts) }));
  }

  async done(namespace: FileNamespace, key: string): Promise<void> {
    await this.cancel(namespace, key);
  }

  async postpone(namespace: FileNamespace, key: string, dueAt: Date): Promise<void> {
    await this.write('UPDATE file_removals SET attempts = attempts + 1, due_at = :due WHERE namespace = :namespace AND object_key = :key', {
      namespace,
      key,
      due: dueAt.getTime(),
    });
  }

  private async write(text: string, parameters: NamedParameters): Promise<void> {
    const query = this.db.sql(text, parameters);
    await this.db.run((manager) => manager.query(query.sql, query.parameters));
  }
}
