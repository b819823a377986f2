import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from './actor';
import { ActivityFilters, HISTORY_TOKENS, HistoryEntry, HistoryReader } from './history';
import { Page, PageRequest } from './page';

/** A record's history, for every member of its organisation; it outlives the record. */
@injectable()
export class ListRecordHistory {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(HISTORY_TOKENS.HistoryReader) private readonly history: HistoryReader,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, model: string, recordUniqueId: string, page: PageRequest): Promise<Page<HistoryEntry>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'organisation.view');
    return this.history.forRecord(organisation.id, model, recordUniqueId, page);
  }
}

/** The organisation's history across its records, for its owner. */
@injectable()
export class ListActivity {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(HISTORY_TOKENS.HistoryReader) private readonly history: HistoryReader,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, filters: ActivityFilters, page: PageRequest): Promise<Page<HistoryEntry>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'activity.list');
    return this.history.forOrganisation(organisation.id, filters, page);
  }
}
