import { Decimal } from '../shared/decimal';
import { SalesStage } from './sales-stage';

/** One stage of the pipeline every new organisation starts with. */
export interface PipelineStageTemplate {
  uniqueId: string;
  name: string;
  probability: Decimal;
  isClosedWon: boolean;
  isClosedLost: boolean;
  position: number;
}

/**
 * Contract section 5. The unique_ids are fixed so that clients can rely on
 * them; unique_ids are unique per organisation, so every organisation reuses them.
 */
export const DEFAULT_PIPELINE: ReadonlyArray<PipelineStageTemplate> = [
  template('stage-new', 'New', '10.00', 0),
  template('stage-qualified', 'Qualified', '25.00', 1),
  template('stage-proposal', 'Proposal', '50.00', 2),
  template('stage-negotiation', 'Negotiation', '75.00', 3),
  template('stage-won', 'Won', '100.00', 4, 'won'),
  template('stage-lost', 'Lost', '0.00', 5, 'lost'),
];

function template(
  uniqueId: string,
  name: string,
  probability: string,
  position: number,
  closed?: 'won' | 'lost',
): PipelineStageTemplate {
  return {
    uniqueId,
    name,
    probability: Decimal.of(probability),
    isClosedWon: closed === 'won',
    isClosedLost: closed === 'lost',
    position,
  };
}

export interface SeedPipeline {
  organisationId: string;
  /** Gives each stage its internal id (the IdGenerator port, in the use case). */
  newId: () => string;
  now: Date;
}

/** The default pipeline's stages for a new organisation, in position order. */
export function defaultPipeline(input: SeedPipeline): SalesStage[] {
  return DEFAULT_PIPELINE.map((stage) =>
    SalesStage.create({
      ...stage,
      id: input.newId(),
      organisationId: input.organisationId,
      description: null,
      isActive: true,
      now: input.now,
    }),
  );
}
