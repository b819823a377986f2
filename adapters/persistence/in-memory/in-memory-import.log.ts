import { ClaimedImport, ERRORS_IN_BODY, ImportLog, ImportProgress, ImportWork, KeptImport } from '../../../application/import/import.ports';
import { RowError } from '../../../application/import/import-records';
import { Page, PageRequest, slicePage } from '../../../application/shared/page';

interface Entry {
  kept: KeptImport;
  errors: RowError[];
  work: ImportWork | null;
  claimToken: string | null;
  claimedUntil: number | null;
  claims: number;
}

const unfinished = (kept: KeptImport) => kept.status === 'queued' || kept.status === 'running';

/** The imports in memory, for use-case tests. */
export class InMemoryImportLog implements ImportLog {
  private readonly entries = new Map<string, Entry>();

  async add(kept: KeptImport, errors: RowError[]): Promise<void> {
    this.entries.set(kept.id, { kept: structuredClone({ ...kept, errors: [] }), errors: structuredClone(errors), work: null, claimToken: null, claimedUntil: null, claims: 0 });
  }

  async queue(kept: KeptImport, work: ImportWork): Promise<void> {
    this.entries.set(kept.id, { kept: structuredClone(kept), errors: [], work: structuredClone(work), claimToken: null, claimedUntil: null, claims: 0 });
  }

  async find(organisationId: string, uniqueId: string): Promise<KeptImport | null> {
    const entry = [...this.entries.values()].find(({ kept }) => kept.organisationId === organisationId && kept.uniqueId === uniqueId);
    return entry ? structuredClone({ ...entry.kept, errors: entry.errors.slice(0, ERRORS_IN_BODY) }) : null;
  }

  async list(organisationId: string, createdById: string | undefined, request: PageRequest): Promise<Page<KeptImport>> {
    const kept = [...this.entries.values()]
      .map((entry) => entry.kept)
      .filter((item) => item.organisationId === organisationId && (createdById === undefined || item.createdById === createdById))
      .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime() || (a.id < b.id ? 1 : -1));
    return slicePage(structuredClone(kept), request);
  }

  async errors(importId: string, request: PageRequest): Promise<Page<RowError>> {
    return slicePage(structuredClone(this.entries.get(importId)?.errors ?? []), request);
  }

  async claim(now: Date, leaseUntil: Date, claimToken: string): Promise<ClaimedImport | null> {
    const entry = [...this.entries.values()].find((item) => unfinished(item.kept) && (item.claimedUntil === null || item.claimedUntil <= now.getTime()));
    if (!entry || !entry.work) return null;
    Object.assign(entry, { claimToken, claimedUntil: leaseUntil.getTime(), claims: entry.claims + 1 });
    entry.kept.status = 'running';
    return structuredClone({ ...entry.kept, ...entry.work, claimToken, claims: entry.claims });
  }

  async renew(id: string, claimToken: string, leaseUntil: Date): Promise<boolean> {
    const entry = this.entries.get(id);
    if (!entry || entry.claimToken !== claimToken || !unfinished(entry.kept)) return false;
    entry.claimedUntil = leaseUntil.getTime();
    return true;
  }

  async release(id: string, claimToken: string, now: Date): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || entry.claimToken !== claimToken || !unfinished(entry.kept)) return;
    Object.assign(entry, { claimedUntil: now.getTime(), claims: entry.claims - 1 });
  }

  async progress(id: string, claimToken: string, progress: ImportProgress): Promise<boolean> {
    const entry = this.entries.get(id);
    if (!entry || entry.claimToken !== claimToken || !unfinished(entry.kept)) return false;
    Object.assign(entry.kept, progress.counts, progress.finish && { status: progress.finish.status, dateFinished: progress.finish.at });
    entry.claimedUntil = progress.finish ? null : progress.leaseUntil.getTime();
    entry.errors.push(...structuredClone(progress.errors));
    return true;
  }
}
