import { FileRemoval, FileRemovalQueue } from '../../../application/shared/file-removals';
import { FileNamespace } from '../../../application/shared/file-storage';

interface Entry extends FileRemoval {
  dueAt: number;
}

/** The file removals of use-case tests, in process memory. */
export class InMemoryFileRemovals implements FileRemovalQueue {
  private readonly entries = new Map<string, Entry>();

  async add(namespace: FileNamespace, key: string, dueAt: Date): Promise<void> {
    const entry = this.entries.get(idOf(namespace, key));
    if (entry) entry.dueAt = Math.min(entry.dueAt, dueAt.getTime());
    else this.entries.set(idOf(namespace, key), { namespace, key, attempts: 0, dueAt: dueAt.getTime() });
  }

  async cancel(namespace: FileNamespace, key: string): Promise<void> {
    this.entries.delete(idOf(namespace, key));
  }

  async due(now: Date, limit: number): Promise<FileRemoval[]> {
    return [...this.entries.values()]
      .filter((entry) => entry.dueAt <= now.getTime())
      .sort((a, b) => a.dueAt - b.dueAt)
      .slice(0, limit)
      .map(({ namespace, key, attempts }) => ({ namespace, key, attempts }));
  }

  async done(namespace: FileNamespace, key: string): Promise<void> {
    this.entries.delete(idOf(namespace, key));
  }

  async postpone(namespace: FileNamespace, key: string, dueAt: Date): Promise<void> {
    const entry = this.entries.get(idOf(namespace, key));
    if (entry) Object.assign(entry, { attempts: entry.attempts + 1, dueAt: dueAt.getTime() });
  }

  /** The keys waiting for removal, for tests. */
  keys(): string[] {
    return [...this.entries.values()].map((entry) => entry.key);
  }
}

function idOf(namespace: FileNamespace, key: string): string {
  return `${namespace}\0${key}`;
}
