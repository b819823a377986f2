import { inject, injectable } from 'inversify';
import { PipelineReport, PipelineStage } from '../../domain/report/pipeline-report';
import { LeadFilters } from '../lead/lead.kind';
import { OrganisationAccess } from '../organisation/organisation-access';
import { SALES_STAGE_TOKENS, SalesStageRepository } from '../sales-stage/sales-stage.ports';
import { Actor } from '../shared/actor';
import { PipelineQueries, REPORT_TOKENS } from './report.ports';

const STAGES_PER_READ = 1000;

/** The organisation's leads per sales stage, in position order, with the won and the lost (any member). */
@injectable()
export class GetPipelineReport {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(REPORT_TOKENS.PipelineQueries) private readonly queries: PipelineQueries,
    @inject(SALES_STAGE_TOKENS.SalesStageRepository) private readonly stages: SalesStageRepository,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, filters: LeadFilters): Promise<PipelineReport> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'reports.pipeline');
    const cells = await this.queries.sumByStageAndOutcome(organisation.id, filters);
    return PipelineReport.of(await this.pipeline(organisation.id), cells);
  }

  /** Every stage of the organisation, in position order. */
  private async pipeline(organisationId: string): Promise<PipelineStage[]> {
    const stages: PipelineStage[] = [];
    for (let page = 1; ; page++) {
      const read = await this.stages.list(organisationId, {
        filters: {},
        ordering: { field: 'position', descending: false },
        page: { page, pageSize: STAGES_PER_READ },
      });
      stages.push(...read.items.map((stage) => ({ id: stage.id, uniqueId: stage.uniqueId, name: stage.name })));
      if (stages.length >= read.total || read.items.length === 0) return stages;
    }
  }
}
