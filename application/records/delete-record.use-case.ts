import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { RecordContext, RecordPlace } from './record-context';
import { KeptRecord } from './record-kind';
import { RecordView } from './record-views';

/**
 * Deletes a record (or retires it, for a kind that keeps its records: `retire`), locked, unless the kind's `beforeDelete` refuses (409 `in_use`, `locked`); its event and the
 * answer carry the record as it was, and the files it held are removed once that is committed.
 */
export class DeleteRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  async execute(actor: Actor, place: RecordPlace, uniqueId: string): Promise<RecordView<S>> {
    const { view, record } = await this.context.unitOfWork.transaction(async () => {
      const grant = await this.context.authorise(actor, place, 'write');
      const record = await this.context.find(grant.organisation.id, uniqueId, true, grant.parent, this.context.ownerFor(actor, grant));
      await this.context.kind.beforeDelete?.(grant.organisation.id, record, grant);
      const { retire } = this.context.kind;
      if (retire) {
        const now = this.context.clock.now();
        retire(record, now);
        await this.context.save(record, now);
      }
      const view = await this.context.views.one(record, undefined, grant);
      if (!retire) {
        await this.context.records.delete(record);
        await this.context.leaveFiles(this.context.filesOf(record));
      }
      await this.context.announce(grant, 'deleted', record, view);
      return { view, record };
    });
    await this.context.discardFiles(this.context.filesOf(record));
    return view;
  }
}
