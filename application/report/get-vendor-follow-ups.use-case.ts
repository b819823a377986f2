import { inject, injectable } from 'inversify';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { Vendor } from '../../domain/supplier/vendor';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { PageRequest, windowsOver } from '../shared/page';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { VENDOR_TOKENS, VendorRepository } from '../supplier/vendor.ports';
import { VendorView, VendorViews } from '../supplier/vendor-views';
import { REPORT_TOKENS, VendorFollowUps } from './report.ports';

/** How far ahead contracts are looked at when the caller does not say. */
export const DEFAULT_CONTRACT_DAYS = 30;
export const MAX_CONTRACT_DAYS = 3650;

export interface VendorFollowUpsView {
  today: CalendarDate;
  /** The last day of the window of contracts looked at. */
  until: CalendarDate;
  /** This page's part of each list. */
  followUps: VendorView[];
  contractsEnding: VendorView[];
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
    @inject(VendorViews) private readonly views: VendorViews,
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
    const views = await this.views.many([...dueVendors, ...inOrder(ids.ending)]);
    return { today, until, followUps: views.slice(0, dueVendors.length), contractsEnding: views.slice(dueVendors.length), total: counts.due + counts.ending };
  }
}
