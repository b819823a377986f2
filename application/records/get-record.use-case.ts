import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { RecordContext, RecordPlace } from './record-context';
import { KeptRecord } from './record-kind';
import { RecordView } from './record-views';

export class GetRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  async execute(actor: Actor, place: RecordPlace, uniqueId: string): Promise<RecordView<S>> {
    const grant = await this.context.authorise(actor, place, 'read');
    return this.context.views.one(await this.context.find(grant.organisation.id, uniqueId, false, grant.parent, this.context.ownerFor(actor, grant)), undefined, grant);
  }
}
