import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { RecordContext } from './record-context';
import { KeptRecord } from './record-kind';
import { RecordView } from './record-views';

export class GetRecord<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  async execute(actor: Actor, organisationUniqueId: string, uniqueId: string): Promise<RecordView<S>> {
    const { organisation } = await this.context.authorise(actor, organisationUniqueId, 'read');
    return this.context.views.one(await this.context.find(organisation.id, uniqueId));
  }
}
