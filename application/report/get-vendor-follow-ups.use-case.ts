import { inject, injectable } from 'inversify';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { PageRequest, windowsOver } from '../shared/page';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { Vendor, VendorSnapshot } from '../../domain/supplier/vendor';
import { RecordContext } from '../records/record-context';
import { recordContextToken } from '../records/record-kind';
import { RecordView } from '../records/record-views';
import { VENDOR_TOKENS, VendorRepository } from '../supplier/vendor.kind';
import { REPORT_TOKENS, VendorFollowUps } from './report.ports';

/** How far ahead contracts are looked at when the caller does not say. */
export const DEFAULT_CONTRACT_DAYS = 30;
export const MAX_CONTRACT_DAYS = 3650;

export interface VendorFollowUpsView {
  today: CalendarDate;
  /** The last day of the window of contracts looked at. */
  until: CalendarDate;
  /** This page's part of each list. */
  followUps: RecordView<VendorSnapshot>[];
  contractsEnding: RecordView<VendorSnapshot>[];
  /** The length of both lists together (a vendor on both counts on each): what the pages walk through. */
  total: number;
}

/**
 * The vendors to call: those whose follow-up is due (today or overdue) and
 * those whose contract ends within `days`, with "today" from the clock in the
 * configured time zone, as the vendors' own derived fields (any member).
 * The two lists are paged as one, the follow-ups first: a page holds the
 * end of one and the start of the other where it spans both.
 */
@injectable()
export class GetVendorFollowUps {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(REPORT_TOKENS.VendorFollowUps) private readonly followUps: VendorFollowUps,
    @inject(VENDOR_TOKENS.VendorRepository) private readonly vendors: VendorRepository,
    @inject(recordContextToken('vendor')) private readonly vendorRecords: RecordContext<Vendor, VendorSnapshot>,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, days = DEFAULT_CONTRACT_DAYS, page: PageRequest): Promise<VendorFollowUpsView> {
    if (!Number.isInteger(days) || days < 0 || days > MAX_CONTRACT_DAYS) throw new RangeError(`days out of range: ${days}`);
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'reports.vendor_follow_ups');
    const today = this.clock.today();
    const until = today.plusDays(days);
    const counts = await this.followUps.counts(organisation.id, today, until);
    const [due, ending] = windowsOver(page, [counts.due, counts.ending]);
    const ids = due || ending ? await this.followUps.ids(organisation.id, today, until, { due, ending }) : { due: [], ending: [] };
    // A vendor may be on both lists: read once, shown on each.
    const found = await this.vendors.findByIds(organisation.id, [...new Set([...ids.due, ...ids.ending])]);
    const byId = new Map(found.map((vendor) => [vendor.id, vendor]));
    // A vendor deleted between the ids and their read is left out of the page.
    const inOrder = (list: string[]) => list.map((id) => byId.get(id)).filter((vendor): vendor is Vendor => vendor !== undefined);
    const dueVendors = inOrder(ids.due);
    const views = await this.vendorRecords.views.many([...dueVendors, ...inOrder(ids.ending)]);
    return { today, until, followUps: views.slice(0, dueVendors.length), contractsEnding: views.slice(dueVendors.length), total: counts.due + counts.ending };
  }
}
