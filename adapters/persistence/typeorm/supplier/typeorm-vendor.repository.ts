import { inject, injectable } from 'inversify';
import { VendorFollowUps } from '../../../../application/report/report.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Vendor } from '../../../../domain/supplier/vendor';
import { VENDOR_DECLARATION } from '../../../declaration/supplier/vendor.declaration';
import { TypeOrmDatabase } from '../engine';
import { TypeOrmDeclaredRecords } from '../declared/typeorm-declared.repository';

/** Vendors, with the reports' follow-up queries; an expense that names one makes its deletion an `InUse`. */
@injectable()
export class TypeOrmVendorRepository extends TypeOrmDeclaredRecords<Vendor> implements VendorFollowUps {
  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase, @inject(SHARED_TOKENS.SecretBox) box: SecretBox) {
    super(db, box, VENDOR_DECLARATION);
  }

  async dueForFollowUp(organisationId: string, today: CalendarDate): Promise<Vendor[]> {
    const rows = await this.rows(
      'r.organisation_id = :organisationId AND r.next_follow_up_date <= :today ORDER BY r.next_follow_up_date, r.name_key, r.id',
      { organisationId, today: today.toString() },
    );
    return rows.map((row) => this.restored(row));
  }

  async contractsEndingBetween(organisationId: string, from: CalendarDate, until: CalendarDate): Promise<Vendor[]> {
    const rows = await this.rows(
      'r.organisation_id = :organisationId AND r.contract_end_date >= :from AND r.contract_end_date <= :until ' +
        'ORDER BY r.contract_end_date, r.name_key, r.id',
      { organisationId, from: from.toString(), until: until.toString() },
    );
    return rows.map((row) => this.restored(row));
  }
}
