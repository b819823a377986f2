import { inject, injectable } from 'inversify';
import { InUse } from '../../domain/shared/errors';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { found } from '../shared/records';
import { VENDOR_IN_USE, VENDOR_TOKENS, VendorReferences, VendorRepository } from './vendor.ports';
import { VendorViews } from './vendor-views';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

/** A vendor that expenses name stays (409 `in_use`): the contract says to set it inactive instead. */
@injectable()
export class DeleteVendor {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(VENDOR_TOKENS.VendorRepository) private readonly vendors: VendorRepository,
    @inject(VENDOR_TOKENS.VendorReferences) private readonly references: VendorReferences,
    @inject(VendorViews) private readonly views: VendorViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  execute(actor: Actor, organisationUniqueId: string, vendorUniqueId: string): Promise<void> {
    return this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'vendors.delete');
      const vendor = found(await this.vendors.findByUniqueId(organisation.id, vendorUniqueId));
      if (await this.references.isVendorReferenced(organisation.id, vendor.id)) throw new InUse(VENDOR_IN_USE);
      const view = await this.views.one(vendor);
      await this.vendors.delete(vendor);
      await this.events.publish({ organisation, type: 'vendor.deleted', recordId: vendor.id, subject: { model: 'vendor', view } });
    });
  }
}
