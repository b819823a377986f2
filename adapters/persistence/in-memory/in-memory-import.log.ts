import { ImportLog, KeptImport } from '../../../application/import/import.ports';

/** The imports in memory, for use-case tests. */
export class InMemoryImportLog implements ImportLog {
  private readonly kept = new Map<string, KeptImport>();

  async add(kept: KeptImport): Promise<void> {
    this.kept.set(`${kept.organisationId}/${kept.uniqueId}`, structuredClone(kept));
  }

  async find(organisationId: string, uniqueId: string): Promise<KeptImport | null> {
    const kept = this.kept.get(`${organisationId}/${uniqueId}`);
    return kept ? structuredClone(kept) : null;
  }
}
