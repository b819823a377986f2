import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Page } from '../shared/page';
import { VENDOR_TOKENS, VendorListQuery, VendorRepository } from './vendor.ports';
import { VendorView, VendorViews } from './vendor-views';

/** One page of the organisation's vendors, filtered and ordered (any member). */
@injectable()
export class ListVendors {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(VENDOR_TOKENS.VendorRepository) private readonly vendors: VendorRepository,
    @inject(VendorViews) private readonly views: VendorViews,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, query: VendorListQuery): Promise<Page<VendorView>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'vendors.list');
    const page = await this.vendors.list(organisation.id, query);
    return { total: page.total, items: await this.views.many(page.items) };
  }
}
