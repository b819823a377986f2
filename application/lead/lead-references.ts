import { inject, injectable } from 'inversify';
import { Client } from '../../domain/client/client';
import { SalesStage } from '../../domain/sales-stage/sales-stage';
import { FieldErrors, ValidationFailed } from '../../domain/shared/errors';
import { CLIENT_TOKENS, ClientRepository } from '../client/client.kind';
import { SALES_STAGE_TOKENS, SalesStageRepository } from '../sales-stage/sales-stage.ports';
import { unknownReference } from '../shared/records';

/** A lead's references as the member writes them: unique_ids; null clears, absent keeps. */
export interface LeadReferencesInput {
  salesStage?: string | null;
  client?: string | null;
}

export interface ResolvedLeadReferences {
  salesStage?: SalesStage | null;
  client?: Client | null;
}

/**
 * Resolves a lead's stage and client within the organisation. Every unknown
 * unique_id is reported at once, each on its own field, as DRF does.
 */
@injectable()
export class LeadReferences {
  constructor(
    @inject(SALES_STAGE_TOKENS.SalesStageRepository) private readonly stages: SalesStageRepository,
    @inject(CLIENT_TOKENS.ClientRepository) private readonly clients: ClientRepository,
  ) {}

  async resolve(organisationId: string, input: LeadReferencesInput): Promise<ResolvedLeadReferences> {
    const errors: FieldErrors = {};
    const salesStage = await lookUp(errors, 'sales_stage', input.salesStage, (uid) =>
      this.stages.findByUniqueId(organisationId, uid),
    );
    const client = await lookUp(errors, 'client', input.client, (uid) => this.clients.findByUniqueId(organisationId, uid));
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    return { salesStage, client };
  }
}

async function lookUp<T>(
  errors: FieldErrors,
  field: string,
  uniqueId: string | null | undefined,
  find: (uniqueId: string) => Promise<T | null>,
): Promise<T | null | undefined> {
  if (uniqueId === undefined || uniqueId === null) return uniqueId;
  const record = await find(uniqueId);
  if (record === null) errors[field] = [unknownReference(uniqueId)];
  return record;
}

/** The internal id a resolved reference stands for, keeping "absent" and "cleared" apart. */
export function idOf(record: { id: string } | null | undefined): string | null | undefined {
  return record === undefined || record === null ? record : record.id;
}
