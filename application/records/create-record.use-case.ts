import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { RecordContext, RecordPlace } from './record-context';
import { KeptRecord, namedIn } from './record-kind';
import { RecordView } from './record-views';

/** A member records a new record of the kind; it is saved with its history entry and its event, or not at all. */
export class CreateRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  execute(actor: Actor, place: RecordPlace, command: { uniqueId?: string; [field: string]: unknown }): Promise<RecordView<S>> {
    const { kind, ids, clock, unitOfWork } = this.context;
    // Under a caller's transaction (an Idempotency-Key's) a refused insert would end that one too (Postgres).
    const withinCaller = unitOfWork.inTransaction;
    return unitOfWork.transaction(async () => {
      const grant = await this.context.authorise(actor, place, 'write');
      const { organisation } = grant;
      const requested = command.uniqueId;
      const { command: resolved, referenced } = await this.context.resolve(organisation.id, command);
      const now = clock.now();
      const record = await kind.create(resolved, { id: ids.next(), uniqueId: requested ?? ids.next(), organisation, actor, now, parent: grant.parent, referenced });
      // Every clash is reported at once when asked first; otherwise the unique indexes refuse the one there can be.
      if (requested !== undefined || withinCaller) await this.context.assertFree(record, requested !== undefined);
      await this.context.save(record, now);
      const view = await this.context.views.one(record, grant.member, grant, namedIn(referenced));
      await this.context.announce(grant, 'created', record, view);
      const shown = kind.createdView?.(record);
      return shown ? { ...view, derived: { ...view.derived, ...shown } } : view;
    });
  }
}
