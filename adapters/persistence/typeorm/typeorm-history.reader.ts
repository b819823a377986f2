import { inject, injectable } from 'inversify';
import { ActivityFilters, HistoryEntry, HistoryReader } from '../../../application/shared/history';
import { Page, PageRequest } from '../../../application/shared/page';
import { NamedParameters, TypeOrmDatabase } from './engine';
import { readListPage } from './sql-page';

/** The table `history` (migration 970), newest first, with the acting person's name and their API key's as they are now. */
@injectable()
export class TypeOrmHistoryReader implements HistoryReader {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  forRecord(organisationId: string, model: string, recordUniqueId: string, page: PageRequest): Promise<Page<HistoryEntry>> {
    return this.page('h.organisation_id = :organisationId AND h.model = :model AND h.record_unique_id = :recordUniqueId', { organisationId, model, recordUniqueId }, page);
  }

  forOrganisation(organisationId: string, filters: ActivityFilters, page: PageRequest): Promise<Page<HistoryEntry>> {
    const conditions = ['h.organisation_id = :organisationId'];
    const parameters: NamedParameters = { organisationId };
    if (filters.model) (conditions.push('h.model = :model'), (parameters.model = filters.model));
    if (filters.actorUniqueId) (conditions.push('p.unique_id = :actor'), (parameters.actor = filters.actorUniqueId));
    if (filters.from) (conditions.push('h.at >= :from'), (parameters.from = filters.from.getTime()));
    if (filters.to) (conditions.push('h.at < :to'), (parameters.to = filters.to.getTime()));
    return this.page(conditions.join(' AND '), parameters, page);
  }

  private async page(where: string, parameters: NamedParameters, page: PageRequest): Promise<Page<HistoryEntry>> {
    const { total, items } = await readListPage(
      this.db,
      {
        columns:
          'h.id, h.model, h.record_unique_id, h.action, h.at, h.changes, p.unique_id AS actor_unique_id, p.first_name, p.last_name, ' +
          'k.unique_id AS api_key_unique_id, k.name AS api_key_name',
        from: 'history h LEFT JOIN persons p ON p.id = h.actor_id LEFT JOIN api_keys k ON k.id = h.api_key_id',
        where,
        orderBy: 'h.id DESC',
        parameters,
      },
      page,
    );
    return { total, items: items.map(historyEntryOf) };
  }
}

function historyEntryOf(row: Record<string, unknown>): HistoryEntry {
  return {
    id: String(row.id),
    model: String(row.model),
    recordUniqueId: String(row.record_unique_id),
    action: String(row.action),
    at: new Date(Number(row.at)),
    actor:
      row.actor_unique_id === null || row.actor_unique_id === undefined
        ? null
        : { uniqueId: String(row.actor_unique_id), fullName: [row.first_name, row.last_name].filter(Boolean).join(' ') },
    apiKey: row.api_key_unique_id === null || row.api_key_unique_id === undefined ? null : { uniqueId: String(row.api_key_unique_id), name: String(row.api_key_name) },
    changes: JSON.parse(String(row.changes)) as HistoryEntry['changes'],
  };
}
