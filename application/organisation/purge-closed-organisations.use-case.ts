import { inject, injectable } from 'inversify';
import { FILE_REMOVAL_TOKENS, FileRemovalQueue } from '../shared/file-removals';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ClosedOrganisationPurge, ORGANISATION_TOKENS } from './organisation.ports';

/** Rows deleted per transaction: short enough that SQLite's one writer is never held long. */
const BATCH = 500;

/**
 * Deletes the data of the organisations whose grace period is over, a batch
 * per call (the background worker calls again while there is more): every
 * record, webhook, key, history entry, import and outbox row, then the
 * organisation. The files the deleted rows held are recorded for removal in
 * the batch's transaction (`FileRemovalQueue`), and `SweepFileRemovals`
 * removes them from the disk or the bucket. Each batch claims its
 * organisation (its row locked), and what a crash leaves is done at the next
 * run: the database holds where the deletion stands.
 */
@injectable()
export class PurgeClosedOrganisations {
  constructor(
    @inject(ORGANISATION_TOKENS.ClosedOrganisationPurge) private readonly purge: ClosedOrganisationPurge,
    @inject(FILE_REMOVAL_TOKENS.FileRemovalQueue) private readonly removals: FileRemovalQueue,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<{ more: boolean }> {
    // Asked every round of the worker: nothing due (nearly always) costs one index probe, and no write transaction.
    if (!(await this.purge.anyDue(this.clock.now()))) return { more: false };
    return this.unitOfWork.transaction(async () => {
      const now = this.clock.now();
      const due = await this.purge.claimDue(now);
      if (!due) return { more: false };
      const { files } = await this.purge.deleteBatch(due.id, BATCH);
      for (const file of files) await this.removals.add(file.namespace, file.key, now);
      return { more: true };
    });
  }
}
