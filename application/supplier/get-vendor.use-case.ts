import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { found } from '../shared/records';
import { VENDOR_TOKENS, VendorRepository } from './vendor.ports';
import { VendorView, VendorViews } from './vendor-views';

@injectable()
export class GetVendor {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(VENDOR_TOKENS.VendorRepository) private readonly vendors: VendorRepository,
    @inject(VendorViews) private readonly views: VendorViews,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, vendorUniqueId: string): Promise<VendorView> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'vendors.view');
    return this.views.one(found(await this.vendors.findByUniqueId(organisation.id, vendorUniqueId)));
  }
}
