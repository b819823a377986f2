import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { RecordContext } from './record-context';
import { KeptRecord } from './record-kind';
import { RecordView } from './record-views';

/** PUT and PATCH alike (the HTTP adapter checks PUT's required fields): the record, locked, changed through its entity. */
export class UpdateRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  execute(actor: Actor, organisationUniqueId: string, uniqueId: string, changes: object): Promise<RecordView<S>> {
    return this.context.unitOfWork.transaction(async () => {
      const grant = await this.context.authorise(actor, organisationUniqueId, 'write');
      const record = await this.context.find(grant.organisation.id, uniqueId, true);
      this.context.kind.update(record, changes, this.context.clock.now());
      await this.context.assertFree(record, false);
      await this.context.records.save(record);
      const view = await this.context.views.one(record);
      await this.context.announce(grant, 'updated', record, view);
      return view;
    });
  }
}
