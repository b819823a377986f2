import { Container } from 'inversify';
import { LeadFilters } from '../../application/lead/lead.kind';
import { RecordView } from '../../application/records/record-views';
import { Actor } from '../../application/shared/actor';
import { ListQuery } from '../../application/shared/page';
import { Lead, LeadChanges, LeadSnapshot } from '../../domain/lead/lead';
import { Decimal } from '../../domain/shared/decimal';
import { useCasesOf } from './record-use-cases';

export type LeadListQuery = ListQuery<LeadFilters, string>;

/** A lead as a member writes it: its stage and client by unique_id. */
export type LeadCommand = Omit<LeadChanges, 'salesStageId' | 'clientId'> & { salesStage?: string | null; client?: string | null };

/** The command the record service takes: the references under their properties. */
const asChanges = ({ salesStage, client, ...rest }: LeadCommand) => ({ ...rest, salesStageId: salesStage, clientId: client });

/** A lead's view with its references and derived values as the presenter reads them. */
function shown(view: RecordView<LeadSnapshot>) {
  const { record } = view;
  const named = (id: string | null) => (id === null ? null : (view.references?.get(id) ?? null));
  return {
    lead: record,
    salesStage: named(record.salesStageId),
    client: named(record.clientId),
    isClosed: view.derived.isClosed as boolean,
    weightedValue: view.derived.weightedValue as Decimal | null,
    createdBy: view.people.get(record.createdById) ?? null,
    assignedTo: view.people.get(record.assignedToId) ?? null,
  };
}

/** The lead use cases of `container`, as the lead controller runs them. */
export function leadsOf(container: Container) {
  const cases = useCasesOf<Lead, LeadSnapshot>(container, 'lead');
  return {
    list: async (actor: Actor, org: string, query: LeadListQuery) => {
      const page = await cases.list.execute(actor, org, { ...query, filters: { ...query.filters } });
      return { total: page.total, items: page.items.map(shown) };
    },
    create: async (actor: Actor, org: string, command: LeadCommand) => shown(await cases.create.execute(actor, org, asChanges(command))),
    get: async (actor: Actor, org: string, uniqueId: string) => shown(await cases.get.execute(actor, org, uniqueId)),
    update: async (actor: Actor, org: string, uniqueId: string, changes: LeadCommand) =>
      shown(await cases.update.execute(actor, org, uniqueId, asChanges(changes))),
    delete: (actor: Actor, org: string, uniqueId: string) => cases.delete.execute(actor, org, uniqueId),
  };
}
