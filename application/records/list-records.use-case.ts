import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { ListQuery, Page } from '../shared/page';
import { RecordContext, RecordPlace } from './record-context';
import { KeptRecord } from './record-kind';
import { PARENT_FILTER, RecordFilters } from './record.ports';
import { RecordView } from './record-views';

/** One page of the organisation's records of a kind, filtered and ordered. */
export class ListRecords<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  async execute(actor: Actor, place: RecordPlace, query: ListQuery<RecordFilters, string>): Promise<Page<RecordView<S>>> {
    const grant = await this.context.authorise(actor, place, 'read');
    // A child kind's list is its parent's records.
    const filters = grant.parent ? { ...query.filters, [PARENT_FILTER]: grant.parent.id } : query.filters;
    const page = await this.context.records.list(grant.organisation.id, { ...query, filters });
    return { total: page.total, items: await this.context.views.many(page.items, undefined, grant) };
  }
}
