import { inject, injectable } from 'inversify';
import { VendorChanges } from '../../domain/supplier/vendor';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { found } from '../shared/records';
import { VENDOR_TOKENS, VendorRepository } from './vendor.ports';
import { VendorView, VendorViews } from './vendor-views';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

/** PUT and PATCH alike: address and bank details merge field by field (the HTTP adapter checks PUT's required fields). */
@injectable()
export class UpdateVendor {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(VENDOR_TOKENS.VendorRepository) private readonly vendors: VendorRepository,
    @inject(VendorViews) private readonly views: VendorViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, vendorUniqueId: string, changes: VendorChanges): Promise<VendorView> {
    return this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'vendors.update');
      const vendor = found(await this.vendors.findByUniqueId(organisation.id, vendorUniqueId, { forUpdate: true }));
      vendor.update(changes, this.clock.now());
      await this.vendors.save(vendor);
      const view = await this.views.one(vendor);
      await this.events.publish({ organisation, type: 'vendor.updated', recordId: vendor.id, subject: { model: 'vendor', view } });
      return view;
    });
  }
}
