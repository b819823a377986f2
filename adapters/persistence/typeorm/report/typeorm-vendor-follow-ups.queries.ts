import { inject, injectable } from 'inversify';
import { PageWindow } from '../../../../application/shared/page';
import { FollowUpCounts, FollowUpIds, VendorFollowUps } from '../../../../application/report/report.ports';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { NamedParameters, SqlQuery, TypeOrmDatabase } from '../engine';
import { PAGE_WINDOW, totalOf, windowOf } from '../sql-page';

/** Each list of the report: its condition on alias `r` and its order, read through its index (`ix_vendors_org_follow_up`, `ix_vendors_org_contract_end`). */
const LISTS = {
  due: { where: 'r.organisation_id = :organisationId AND r.next_follow_up_date <= :today', orderBy: 'r.next_follow_up_date, r.name_key, r.id' },
  ending: {
    where: 'r.organisation_id = :organisationId AND r.contract_end_date >= :today AND r.contract_end_date <= :until',
    orderBy: 'r.contract_end_date, r.name_key, r.id',
  },
} as const;

/** The vendors of the follow-ups report, counted and read a window at a time by the database. */
@injectable()
export class TypeOrmVendorFollowUps implements VendorFollowUps {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async counts(organisationId: string, today: CalendarDate, until: CalendarDate): Promise<FollowUpCounts> {
    const parameters = this.parameters(organisationId, today, until);
    const count = (list: keyof typeof LISTS) => this.db.sql(`SELECT COUNT(*) AS count FROM ${this.table} r WHERE ${LISTS[list].where}`, parameters);
    const [due, ending] = await this.db.read([count('due'), count('ending')]);
    return { due: totalOf(due), ending: totalOf(ending) };
  }

  async ids(organisationId: string, today: CalendarDate, until: CalendarDate, windows: { due: PageWindow | null; ending: PageWindow | null }): Promise<FollowUpIds> {
    const parameters = this.parameters(organisationId, today, until);
    const wanted = (['due', 'ending'] as const).filter((list) => windows[list] !== null);
    const queries: SqlQuery[] = wanted.map((list) =>
      this.db.sql(
        `SELECT r.id FROM ${this.table} r WHERE ${LISTS[list].where} ORDER BY ${LISTS[list].orderBy} ${PAGE_WINDOW}`,
        Object.assign({}, parameters, windowOf(windows[list]!)),
      ),
    );
    const tables = queries.length > 0 ? await this.db.read(queries) : [];
    const ids: FollowUpIds = { due: [], ending: [] };
    wanted.forEach((list, index) => (ids[list] = tables[index].rows.map((row) => String(row[0]))));
    return ids;
  }

  private parameters(organisationId: string, today: CalendarDate, until: CalendarDate): NamedParameters {
    return { organisationId, today: today.toString(), until: until.toString() };
  }

  private get table(): string {
    return this.db.tableOf('Vendor');
  }
}
