import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { ListQuery, Page } from '../shared/page';
import { RecordContext, RecordPlace } from './record-context';
import { KeptRecord } from './record-kind';
import { OWNER_FILTER, OwnerFilter, PARENT_FILTER, RecordFilters } from './record.ports';
import { RecordView } from './record-views';

/** One page of the organisation's records of a kind, filtered and ordered. */
export class ListRecords<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  constructor(private readonly context: RecordContext<T, S>) {}

  async execute(actor: Actor, place: RecordPlace, query: ListQuery<RecordFilters, string>): Promise<Page<RecordView<S>>> {
    const grant = await this.context.authorise(actor, place, 'read');
    const named = await this.referencesIn(grant.organisation.id, query.filters);
    // A reference that names nothing in the organisation matches no record, as a filter on a join would.
    if (named === null) return { total: 0, items: [] };
    // A child kind's list is its parent's records; a member's list of records that belong to people, their own.
    const owner = this.context.ownerFor(actor, grant);
    const filters = {
      ...named,
      ...(grant.parent && { [PARENT_FILTER]: grant.parent.id }),
      ...(owner !== undefined && { [OWNER_FILTER]: { property: this.context.kind.ownedBy as string, personId: owner } satisfies OwnerFilter }),
    };
    const page = await this.context.records.list(grant.organisation.id, { ...query, filters });
    return { total: page.total, items: await this.context.views.many(page.items, undefined, grant) };
  }

  /**
   * The filters with blanks around a text trimmed (a blank one filters
   * nothing, as the query string reads them), and those of reference fields
   * naming their record by internal id; null when one names none in the organisation.
   */
  private async referencesIn(organisationId: string, filters: RecordFilters): Promise<RecordFilters | null> {
    const named: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(filters)) {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text !== '' && text !== undefined) named[name] = text;
    }
    const fields = (this.context.kind.referenceFields ?? []).filter(({ filter }) => filter !== undefined && typeof named[filter] === 'string');
    const found = await Promise.all(fields.map(({ filter, records }) => records.findByUniqueId(organisationId, named[filter as string] as string)));
    for (const [index, { filter }] of fields.entries()) {
      const record = found[index];
      if (record === null) return null;
      named[filter as string] = record.id;
    }
    return named;
  }
}
