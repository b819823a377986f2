import { InUse } from '../../domain/shared/errors';
import { Vendor, VENDOR_IN_USE, VendorChanges, VendorSnapshot } from '../../domain/supplier/vendor';
import { RecordKind, ReferencedRecords } from '../records/record-kind';
import { RecordRepository } from '../records/record.ports';

export type VendorRepository = RecordRepository<Vendor>;

/**
 * Whether anything (expenses) still names a vendor: such a vendor is not
 * deleted. The expense area implements it on its repository.
 */
export interface VendorReferences {
  isVendorReferenced(organisationId: string, vendorId: string): Promise<boolean>;
}

export const VENDOR_TOKENS = {
  VendorRepository: Symbol.for('VendorRepository'),
  VendorReferences: Symbol.for('VendorReferences'),
} as const;

export type NewVendorCommand = VendorChanges & { name: string };

/**
 * Vendors (spec Part 4): any member records and changes them. The creator is
 * also the vendor's account owner, and its assignee unless another member is
 * named (`assigned_to_id`); without a currency it deals in
 * the organisation's. One that expenses name stays (409 `in_use`): the contract
 * says to set it inactive instead.
 */
export function vendorKind(references: VendorReferences, members: ReferencedRecords): RecordKind<Vendor, VendorSnapshot, NewVendorCommand, VendorChanges> {
  return {
    names: { one: 'vendor', many: 'vendors' },
    roles: { read: 'member', write: 'member' },
    events: true,
    references: { assignedToId: members },
    create: (command, { id, uniqueId, organisation, actor, now }) =>
      Vendor.create(
        Object.assign({}, command, {
          id,
          uniqueId,
          organisationId: organisation.id,
          organisationCurrency: organisation.defaultCurrency,
          createdById: actor.personId,
          now,
        }),
      ),
    update: (vendor, changes, now) => vendor.update(changes, now),
    derive: (vendor, today) => ({
      daysSinceLastContact: vendor.daysSinceLastContact(today),
      daysSinceLastOrder: vendor.daysSinceLastOrder(today),
      isFollowUpOverdue: vendor.isFollowUpOverdue(today),
      isContractActive: vendor.isContractActive(today),
    }),
    beforeDelete: async (organisationId, vendor) => {
      if (await references.isVendorReferenced(organisationId, vendor.id)) throw new InUse(VENDOR_IN_USE);
    },
  };
}
