import { inject, injectable } from 'inversify';
import { Vendor, VendorSnapshot } from '../../domain/supplier/vendor';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { peopleNamed } from '../person/people-named';
import { KnownPerson, PersonRef } from '../shared/actor';
import { Clock, SHARED_TOKENS } from '../shared/ports';

/** A vendor with the people it names and what is derived from today's date. */
export interface VendorView {
  vendor: VendorSnapshot;
  createdBy: PersonRef | null;
  assignedTo: PersonRef | null;
  accountOwner: PersonRef | null;
  daysSinceLastContact: number | null;
  daysSinceLastOrder: number | null;
  isFollowUpOverdue: boolean;
  isContractActive: boolean;
}

@injectable()
export class VendorViews {
  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** `caller`: the person making the request, as the organisation's read gave them (not read again). */
  async one(vendor: Vendor, caller?: KnownPerson): Promise<VendorView> {
    const [view] = await this.many([vendor], caller);
    return view;
  }

  /** Views of a page of vendors, with one query for all the people they name, all as of one "today". */
  async many(vendors: Vendor[], caller?: KnownPerson): Promise<VendorView[]> {
    const today = this.clock.today();
    const snapshots = vendors.map((vendor) => vendor.snapshot());
    const personById = await peopleNamed(this.people, snapshots.flatMap((v) => [v.createdById, v.assignedToId, v.accountOwnerId]), [caller]);
    return vendors.map((vendor, index) => {
      const snapshot = snapshots[index];
      return {
        vendor: snapshot,
        createdBy: personById.get(snapshot.createdById) ?? null,
        assignedTo: personById.get(snapshot.assignedToId) ?? null,
        accountOwner: personById.get(snapshot.accountOwnerId) ?? null,
        daysSinceLastContact: vendor.daysSinceLastContact(today),
        daysSinceLastOrder: vendor.daysSinceLastOrder(today),
        isFollowUpOverdue: vendor.isFollowUpOverdue(today),
        isContractActive: vendor.isContractActive(today),
      };
    });
  }
}
