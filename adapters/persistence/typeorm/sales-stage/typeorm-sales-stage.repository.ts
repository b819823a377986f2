import { inject, injectable } from 'inversify';
import { SalesStageRepository } from '../../../../application/sales-stage/sales-stage.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { SalesStage } from '../../../../domain/sales-stage/sales-stage';
import { SALES_STAGE_DECLARATION } from '../../../declaration/sales-stage/sales-stage.declaration';
import { TypeOrmDeclaredRecords } from '../declared/typeorm-declared.repository';
import { TypeOrmDatabase } from '../engine';

/** The pipeline's declared store, and where its end is. */
@injectable()
export class TypeOrmSalesStageRepository extends TypeOrmDeclaredRecords<SalesStage> implements SalesStageRepository {
  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase, @inject(SHARED_TOKENS.SecretBox) box: SecretBox) {
    super(db, box, SALES_STAGE_DECLARATION);
  }

  async nextPosition(organisationId: string): Promise<number> {
    const query = this.db.sql(`SELECT MAX(r.position) AS last FROM ${this.tableName} r WHERE r.organisation_id = :organisationId`, { organisationId });
    const [[row]] = await this.db.select([query]);
    return row?.last == null ? 0 : Number(row.last) + 1;
  }
}
