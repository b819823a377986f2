import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { RecordContext } from './record-context';
import { KeptRecord } from './record-kind';

/** Deletes a record unless the kind's `beforeDelete` refuses (409 `in_use`); its event carries the record as it was. */
export class DeleteRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  execute(actor: Actor, organisationUniqueId: string, uniqueId: string): Promise<void> {
    return this.context.unitOfWork.transaction(async () => {
      const grant = await this.context.authorise(actor, organisationUniqueId, 'write');
      const record = await this.context.find(grant.organisation.id, uniqueId);
      await this.context.kind.beforeDelete?.(grant.organisation.id, record);
      const view = await this.context.views.one(record);
      await this.context.records.delete(record);
      await this.context.announce(grant, 'deleted', record, view);
    });
  }
}
