import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { newUniqueId } from '../shared/records';
import { RecordContext } from './record-context';
import { KeptRecord, namedIn } from './record-kind';
import { RecordView } from './record-views';

/** A member records a new record of the kind; it is saved with its history entry and its event, or not at all. */
export class CreateRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  execute(actor: Actor, organisationUniqueId: string, command: { uniqueId?: string; [field: string]: unknown }): Promise<RecordView<S>> {
    const { kind, records, ids, clock } = this.context;
    return this.context.unitOfWork.transaction(async () => {
      const grant = await this.context.authorise(actor, organisationUniqueId, 'write');
      const { organisation } = grant;
      const existing = (uniqueId: string) => records.findByUniqueId(organisation.id, uniqueId);
      const { command: resolved, referenced } = await this.context.resolve(organisation.id, command);
      const record = kind.create(resolved, {
        id: ids.next(),
        uniqueId: await newUniqueId(command.uniqueId, ids, existing, kind.names.one),
        organisation,
        actor,
        now: clock.now(),
        referenced,
      });
      await records.save(record);
      const view = await this.context.views.one(record, grant.member, namedIn(referenced));
      await this.context.announce(grant, 'created', record, view);
      return view;
    });
  }
}
