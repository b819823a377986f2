import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { ListQuery, Page } from '../shared/page';
import { RecordContext } from './record-context';
import { KeptRecord } from './record-kind';
import { RecordFilters } from './record.ports';
import { RecordView } from './record-views';

/** One page of the organisation's records of a kind, filtered and ordered. */
export class ListRecords<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  async execute(actor: Actor, organisationUniqueId: string, query: ListQuery<RecordFilters, string>): Promise<Page<RecordView<S>>> {
    const { organisation } = await this.context.authorise(actor, organisationUniqueId, 'read');
    const page = await this.context.records.list(organisation.id, query);
    return { total: page.total, items: await this.context.views.many(page.items) };
  }
}
