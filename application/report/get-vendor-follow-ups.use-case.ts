import { inject, injectable } from 'inversify';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { Vendor, VendorSnapshot } from '../../domain/supplier/vendor';
import { RecordContext } from '../records/record-context';
import { recordContextToken } from '../records/record-kind';
import { RecordView } from '../records/record-views';
import { REPORT_TOKENS, VendorFollowUps } from './report.ports';

/** How far ahead contracts are looked at when the caller does not say. */
export const DEFAULT_CONTRACT_DAYS = 30;
export const MAX_CONTRACT_DAYS = 3650;

export interface VendorFollowUpsView {
  today: CalendarDate;
  /** The last day of the window of contracts looked at. */
  until: CalendarDate;
  followUps: RecordView<VendorSnapshot>[];
  contractsEnding: RecordView<VendorSnapshot>[];
}

/**
 * The vendors to call: those whose follow-up is due (today or overdue) and
 * those whose contract ends within `days`, with "today" from the clock in the
 * configured time zone, as the vendors' own derived fields (any member).
 */
@injectable()
export class GetVendorFollowUps {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(REPORT_TOKENS.VendorFollowUps) private readonly vendors: VendorFollowUps,
    @inject(recordContextToken('vendor')) private readonly vendorRecords: RecordContext<Vendor, VendorSnapshot>,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, days = DEFAULT_CONTRACT_DAYS): Promise<VendorFollowUpsView> {
    if (!Number.isInteger(days) || days < 0 || days > MAX_CONTRACT_DAYS) throw new RangeError(`days out of range: ${days}`);
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'reports.vendor_follow_ups');
    const today = this.clock.today();
    const until = today.plusDays(days);
    const due = await this.vendors.dueForFollowUp(organisation.id, today);
    const ending = await this.vendors.contractsEndingBetween(organisation.id, today, until);
    const { views } = this.vendorRecords;
    return { today, until, followUps: await views.many(due), contractsEnding: await views.many(ending) };
  }
}
