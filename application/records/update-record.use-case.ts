import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { RecordContext, RecordPlace } from './record-context';
import { KeptRecord, namedIn } from './record-kind';
import { RecordView } from './record-views';

/** PUT and PATCH alike (the HTTP adapter checks PUT's required fields): the record, locked, changed through its entity. */
export class UpdateRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  execute(actor: Actor, place: RecordPlace, uniqueId: string, changes: object): Promise<RecordView<S>> {
    return this.context.unitOfWork.transaction(async () => {
      const grant = await this.context.authorise(actor, place, 'write');
      const { kind } = this.context;
      const record = await this.context.find(grant.organisation.id, uniqueId, true, grant.parent);
      const before = kind.updateEvents ? record.snapshot() : undefined;
      const { command: resolved, referenced } = await this.context.resolve(grant.organisation.id, changes);
      const now = this.context.clock.now();
      kind.update(record, resolved, now);
      await this.context.assertFree(record, false);
      await this.context.save(record, now);
      const view = await this.context.views.one(record, grant.member, grant, namedIn(referenced));
      await this.context.announce(grant, 'updated', record, view);
      for (const change of before ? (kind.updateEvents?.(before, record) ?? []) : []) await this.context.announce(grant, change, record, view);
      return view;
    });
  }
}
