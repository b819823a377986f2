import { SalesStage, SalesStageChanges, SalesStageSnapshot } from '../../domain/sales-stage/sales-stage';
import { InUse } from '../../domain/shared/errors';
import { RecordKind } from '../records/record-kind';
import { SALES_STAGE_IN_USE, SalesStageReferences, SalesStageRepository } from './sales-stage.ports';

export type NewSalesStageCommand = SalesStageChanges & { name: string };

/**
 * The stages of a sales pipeline (contract section 5): any member adds,
 * changes and removes them. A stage without a position goes to the end of the
 * pipeline; one that leads are in stays (409 `in_use`), as the storage also
 * enforces against races.
 */
export function salesStageKind(
  stages: SalesStageRepository,
  references: SalesStageReferences,
): RecordKind<SalesStage, SalesStageSnapshot, NewSalesStageCommand, SalesStageChanges> {
  return {
    names: { one: 'sales stage', many: 'sales stages' },
    roles: { read: 'member', write: 'member' },
    events: false,
    create: async (command, { id, uniqueId, organisation, now }) =>
      SalesStage.create(
        Object.assign({}, command, {
          id,
          uniqueId,
          organisationId: organisation.id,
          position: command.position ?? (await stages.nextPosition(organisation.id)),
          now,
        }),
      ),
    update: (stage, changes, now) => stage.update(changes, now),
    beforeDelete: async (organisationId, stage) => {
      if (await references.isSalesStageReferenced(organisationId, stage.id)) throw new InUse(SALES_STAGE_IN_USE);
    },
  };
}
