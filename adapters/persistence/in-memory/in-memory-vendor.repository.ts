import { VendorFollowUps } from '../../../application/report/report.ports';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Vendor, VendorSnapshot } from '../../../domain/supplier/vendor';
import { VENDOR_DECLARATION } from '../../declaration/supplier/vendor.declaration';
import { searchKey } from '../search-key';
import { InMemoryDeclaredRecords } from './in-memory-declared-records';

/** Vendors in memory, with the reports' follow-up queries. */
export class InMemoryVendorRepository extends InMemoryDeclaredRecords<Vendor> implements VendorFollowUps {
  constructor() {
    super(VENDOR_DECLARATION);
  }

  async dueForFollowUp(organisationId: string, today: CalendarDate): Promise<Vendor[]> {
    return this.byDate(organisationId, (s) => s.nextFollowUpDate, (date) => !date.isAfter(today));
  }

  async contractsEndingBetween(organisationId: string, from: CalendarDate, until: CalendarDate): Promise<Vendor[]> {
    return this.byDate(organisationId, (s) => s.contractEndDate, (date) => !date.isBefore(from) && !date.isAfter(until));
  }

  /** The vendors whose date (when set) passes, by that date, then by name, as the SQL adapter orders them. */
  private byDate(organisationId: string, dateOf: (s: VendorSnapshot) => CalendarDate | null, passes: (date: CalendarDate) => boolean): Vendor[] {
    const sortKey = (s: VendorSnapshot) => `${dateOf(s)} ${searchKey(s.name)}\u0000${s.id}`;
    return (this.of(organisationId) as unknown as VendorSnapshot[])
      .filter((s) => {
        const date = dateOf(s);
        return date !== null && passes(date);
      })
      .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))
      .map(Vendor.restore);
  }
}
