import { inject, injectable } from 'inversify';
import { Client } from '../../domain/client/client';
import { Lead, LeadSnapshot } from '../../domain/lead/lead';
import { SalesStage } from '../../domain/sales-stage/sales-stage';
import { Decimal } from '../../domain/shared/decimal';
import { CLIENT_TOKENS, ClientRepository } from '../client/client.kind';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { SALES_STAGE_TOKENS, SalesStageRepository } from '../sales-stage/sales-stage.ports';
import { peopleNamed } from '../person/people-named';
import { KnownPerson, PersonRef } from '../shared/actor';
import { readMissing } from '../shared/records';

/** Records a lead's view names that the caller has read already. */
export interface LeadFound {
  stages?: readonly SalesStage[];
  clients?: readonly Client[];
  /** The person making the request, as the organisation's read gave them. */
  caller?: KnownPerson;
}

/** A lead with what is derived from it and the unique_ids of what it references. */
export interface LeadView {
  lead: LeadSnapshot;
  weightedValue: Decimal | null;
  isClosed: boolean;
  salesStage: string | null;
  client: string | null;
  createdBy: PersonRef | null;
  assignedTo: PersonRef | null;
}

@injectable()
export class LeadViews {
  constructor(
    @inject(SALES_STAGE_TOKENS.SalesStageRepository) private readonly stages: SalesStageRepository,
    @inject(CLIENT_TOKENS.ClientRepository) private readonly clients: ClientRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
  ) {}

  /** `found`: what the caller has already read (the stage and client it resolved, itself), not read again. */
  async one(lead: Lead, found: LeadFound = {}): Promise<LeadView> {
    const [view] = await this.many(lead.organisationId, [lead], found);
    return view;
  }

  /** Views of a page of leads with one query per kind of reference, not per lead. */
  async many(organisationId: string, leads: Lead[], found: LeadFound = {}): Promise<LeadView[]> {
    const stages = await readMissing(found.stages ?? [], leads.map((lead) => lead.salesStageId), (ids) => this.stages.findByIds(organisationId, ids));
    const clients = await readMissing(found.clients ?? [], leads.map((lead) => lead.clientId), (ids) => this.clients.findByIds(organisationId, ids));
    const personById = await peopleNamed(this.people, leads.flatMap((lead) => [lead.createdById, lead.assignedToId]), [found.caller]);
    const stageById = new Map(stages.map((stage) => [stage.id, stage.uniqueId]));
    const clientById = new Map(clients.map((client) => [client.id, client.uniqueId]));
    return leads.map((lead) => ({
      lead: lead.snapshot(),
      weightedValue: lead.weightedValue,
      isClosed: lead.isClosed,
      salesStage: lead.salesStageId === null ? null : (stageById.get(lead.salesStageId) ?? null),
      client: lead.clientId === null ? null : (clientById.get(lead.clientId) ?? null),
      createdBy: personById.get(lead.createdById) ?? null,
      assignedTo: personById.get(lead.assignedToId) ?? null,
    }));
  }
}
