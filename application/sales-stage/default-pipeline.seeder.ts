import { inject, injectable } from 'inversify';
import { Organisation } from '../../domain/organisation/organisation';
import { defaultPipeline } from '../../domain/sales-stage/default-pipeline';
import { OrganisationSeeder } from '../organisation/organisation.ports';
import { IdGenerator, SHARED_TOKENS } from '../shared/ports';
import { SALES_STAGE_TOKENS, SalesStageRepository } from './sales-stage.ports';

/** Every new organisation starts with the contract's six-stage pipeline. */
@injectable()
export class DefaultPipelineSeeder implements OrganisationSeeder {
  constructor(
    @inject(SALES_STAGE_TOKENS.SalesStageRepository) private readonly stages: SalesStageRepository,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async seed(organisation: Organisation, now: Date): Promise<void> {
    for (const stage of defaultPipeline({ organisationId: organisation.id, newId: () => this.ids.next(), now })) {
      await this.stages.save(stage);
    }
  }
}
