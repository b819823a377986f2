import { VendorFollowUps } from '../../../application/report/report.ports';
import { VendorFilters, VendorOrderingField, VendorRepository } from '../../../application/supplier/vendor.ports';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Vendor, VendorSnapshot } from '../../../domain/supplier/vendor';
import { searchKey } from '../search-key';
import { contains, InMemoryRecords } from './in-memory-records';

export class InMemoryVendorRepository
  extends InMemoryRecords<VendorSnapshot, Vendor, VendorFilters, VendorOrderingField>
  implements VendorRepository, VendorFollowUps
{
  protected readonly collection = {
    restore: Vendor.restore,
    model: 'vendor',
    sortKeys: {
      name: (s: VendorSnapshot) => searchKey(s.name),
      vendorStatus: (s: VendorSnapshot) => s.vendorStatus,
      qualityRating: (s: VendorSnapshot) => s.qualityRating?.toUnits(2) ?? null,
      lastContactDate: (s: VendorSnapshot) => s.lastContactDate?.toString() ?? null,
      dateCreated: (s: VendorSnapshot) => s.dateCreated.getTime(),
    },
  };

  async dueForFollowUp(organisationId: string, today: CalendarDate): Promise<Vendor[]> {
    return this.byDate(organisationId, (s) => s.nextFollowUpDate, (date) => !date.isAfter(today));
  }

  async contractsEndingBetween(organisationId: string, from: CalendarDate, until: CalendarDate): Promise<Vendor[]> {
    return this.byDate(organisationId, (s) => s.contractEndDate, (date) => !date.isBefore(from) && !date.isAfter(until));
  }

  /** The vendors whose date (when set) passes, by that date, then by name, as the SQL adapter orders them. */
  private byDate(organisationId: string, dateOf: (s: VendorSnapshot) => CalendarDate | null, passes: (date: CalendarDate) => boolean): Vendor[] {
    const sortKey = (s: VendorSnapshot) => `${dateOf(s)} ${searchKey(s.name)}\u0000${s.id}`;
    return this.of(organisationId)
      .filter((s) => {
        const date = dateOf(s);
        return date !== null && passes(date);
      })
      .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))
      .map(Vendor.restore);
  }

  protected override matches(s: VendorSnapshot, filters: VendorFilters): boolean {
    const { category, entityType, industry, search, status } = filters;
    return (
      (category === undefined || s.vendorCategory === category) &&
      (entityType === undefined || s.entityType === entityType) &&
      (industry === undefined || s.industry === industry) &&
      (status === undefined || s.vendorStatus === status) &&
      (search === undefined || contains(search, s.name, s.website))
    );
  }
}
