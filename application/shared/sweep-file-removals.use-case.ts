import { inject, injectable } from 'inversify';
import { FILE_REMOVAL_TOKENS, FileRemovalQueue } from './file-removals';
import { FILE_STORAGE_TOKENS, FileNamespace, FileStorage } from './file-storage';
import { Clock, SHARED_TOKENS } from './ports';

/** Removals made per call: the worker calls again while there are more, a batch at a time. */
const SWEEP_LIMIT = 100;
/** A failed removal is tried again after 1 s, 2 s, 4 s, … and at most this long. */
const MAX_BACK_OFF_MS = 10 * 60_000;

/** What a sweep did: whether a full batch went (there may be more), and whether the storage failed. */
export interface Sweep {
  more: boolean;
  failed: boolean;
}

/**
 * Removes the stored files that are due (`FileRemovalQueue`): uploads no
 * committed write took, and files writes left whose removal after the commit
 * failed or never ran (a storage away, a process stopped). A storage that
 * fails ends the sweep, its removal tried again with back-off; what it held
 * back stays due, for the next sweep.
 */
@injectable()
export class SweepFileRemovals {
  private readonly storages: Readonly<Record<FileNamespace, FileStorage>>;

  constructor(
    @inject(FILE_REMOVAL_TOKENS.FileRemovalQueue) private readonly removals: FileRemovalQueue,
    @inject(FILE_STORAGE_TOKENS.Receipts) receipts: FileStorage,
    @inject(FILE_STORAGE_TOKENS.Pictures) pictures: FileStorage,
    @inject(FILE_STORAGE_TOKENS.Imports) imports: FileStorage,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {
    this.storages = { receipts, pictures, imports };
  }

  async execute(): Promise<Sweep> {
    const due = await this.removals.due(this.clock.now(), SWEEP_LIMIT);
    for (const { namespace, key, attempts } of due) {
      try {
        await this.storages[namespace].remove(key);
      } catch {
        const backOff = Math.min(1000 * 2 ** attempts, MAX_BACK_OFF_MS);
        await this.removals.postpone(namespace, key, new Date(this.clock.now().getTime() + backOff));
        return { more: false, failed: true };
      }
      await this.removals.done(namespace, key);
    }
    return { more: due.length >= SWEEP_LIMIT, failed: false };
  }
}
