import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { newUniqueId } from '../shared/records';
import { RecordContext, RecordPlace } from './record-context';
import { KeptRecord } from './record-kind';
import { RecordView } from './record-views';

/** A member records a new record of the kind; it is saved with its history entry and its event, or not at all. */
export class CreateRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  execute(actor: Actor, place: RecordPlace, command: { uniqueId?: string; [field: string]: unknown }): Promise<RecordView<S>> {
    const { kind, records, ids, clock } = this.context;
    return this.context.unitOfWork.transaction(async () => {
      const grant = await this.context.authorise(actor, place, 'write');
      const { organisation } = grant;
      const existing = (uniqueId: string) => records.findByUniqueId(organisation.id, uniqueId);
      const now = clock.now();
      const record = kind.create(command, {
        id: ids.next(),
        uniqueId: await newUniqueId(command.uniqueId, ids, existing, kind.names.one),
        organisation,
        actor,
        now,
        parent: grant.parent,
      });
      await this.context.save(record, now);
      const view = await this.context.views.one(record, grant.member, grant);
      await this.context.announce(grant, 'created', record, view);
      return view;
    });
  }
}
