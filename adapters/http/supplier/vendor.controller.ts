import { inject, injectable } from 'inversify';
import { CreateVendor } from '../../../application/supplier/create-vendor.use-case';
import { DeleteVendor } from '../../../application/supplier/delete-vendor.use-case';
import { GetVendor } from '../../../application/supplier/get-vendor.use-case';
import { ListVendors } from '../../../application/supplier/list-vendors.use-case';
import { UpdateVendor } from '../../../application/supplier/update-vendor.use-case';
import { actorOf } from '../middleware/authentication';
import { API_PREFIX, HttpController } from '../shared/controller';
import { registerOrganisationResource } from '../shared/organisation-resource';
import { Routes } from '../shared/routes';
import { NewVendorInput, VENDOR_ORDERINGS, VendorFilterInput, VendorInput } from './vendor.dto';
import { presentVendor, VENDOR_SCHEMA } from './vendor.presenter';

/** `/api/v1.0/organisation/{org_uid}/vendors/…` (spec Part 4). */
@injectable()
export class VendorController implements HttpController {
  constructor(
    @inject(ListVendors) private readonly listVendors: ListVendors,
    @inject(CreateVendor) private readonly createVendor: CreateVendor,
    @inject(GetVendor) private readonly getVendor: GetVendor,
    @inject(UpdateVendor) private readonly updateVendor: UpdateVendor,
    @inject(DeleteVendor) private readonly deleteVendor: DeleteVendor,
  ) {}

  register(routes: Routes): void {
    registerOrganisationResource(routes, {
      names: { one: 'vendor', many: 'vendors' },
      base: `${API_PREFIX}/organisation/:org/vendors`,
      schema: VENDOR_SCHEMA,
      present: presentVendor,
      input: { create: VendorInput, update: VendorInput },
      list: { filters: VendorFilterInput, orderings: VENDOR_ORDERINGS },
      conflicts: ['delete'],
      handlers: {
        list: (ctx, query) => this.listVendors.execute(actorOf(ctx), ctx.params.org, query),
        create: (ctx, input) => this.createVendor.execute(actorOf(ctx), ctx.params.org, input as NewVendorInput),
        get: (ctx) => this.getVendor.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
        update: (ctx, changes) => this.updateVendor.execute(actorOf(ctx), ctx.params.org, ctx.params.id, changes),
        delete: (ctx) => this.deleteVendor.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
      },
    });
  }
}
