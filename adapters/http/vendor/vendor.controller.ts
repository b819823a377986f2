import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { Context } from 'koa';
import { CreateVendor } from '../../../application/vendor/create-vendor.use-case';
import { DeleteVendor } from '../../../application/vendor/delete-vendor.use-case';
import { GetVendor } from '../../../application/vendor/get-vendor.use-case';
import { ListVendors } from '../../../application/vendor/list-vendors.use-case';
import { UpdateVendor } from '../../../application/vendor/update-vendor.use-case';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { AuthGuard, HttpController } from '../shared/controller';
import { OrganisationResource, registerOrganisationResource } from '../shared/organisation-resource';
import { orderingOf, pageRequestOf, readQuery, sendPage } from '../validation/list-query';
import { DEFAULT_VENDOR_ORDERING, NewVendorInput, VENDOR_ORDERINGS, VendorInput, VendorListParameters } from './vendor.dto';
import { presentVendor } from './vendor.presenter';

/** `/api/v1.0/organisation/{org_uid}/vendors/…` (spec Part 4). */
@injectable()
export class VendorController implements HttpController, OrganisationResource {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(ListVendors) private readonly listVendors: ListVendors,
    @inject(CreateVendor) private readonly createVendor: CreateVendor,
    @inject(GetVendor) private readonly getVendor: GetVendor,
    @inject(UpdateVendor) private readonly updateVendor: UpdateVendor,
    @inject(DeleteVendor) private readonly deleteVendor: DeleteVendor,
  ) {}

  register(router: Router): void {
    registerOrganisationResource(router, this.guard, 'vendors', this);
  }

  async list(ctx: Context, organisation: string): Promise<void> {
    const query = readQuery(VendorListParameters, ctx.query);
    const page = pageRequestOf(query);
    const ordering = orderingOf(query, VENDOR_ORDERINGS, DEFAULT_VENDOR_ORDERING);
    const { category, entity_type: entityType, industry, search, status } = query;
    const result = await this.listVendors.execute(actorOf(ctx), organisation, {
      filters: { category, entityType, industry, search, status },
      ordering,
      page,
    });
    sendPage(ctx, result, page, presentVendor);
  }

  async create(ctx: Context, organisation: string): Promise<object> {
    const input = bindBody(ctx, VendorInput) as NewVendorInput;
    return presentVendor(await this.createVendor.execute(actorOf(ctx), organisation, input));
  }

  async get(ctx: Context, organisation: string, id: string): Promise<object> {
    return presentVendor(await this.getVendor.execute(actorOf(ctx), organisation, id));
  }

  async update(ctx: Context, organisation: string, id: string, partial: boolean): Promise<object> {
    const changes = bindBody(ctx, VendorInput, partial);
    return presentVendor(await this.updateVendor.execute(actorOf(ctx), organisation, id, changes));
  }

  delete(ctx: Context, organisation: string, id: string): Promise<void> {
    return this.deleteVendor.execute(actorOf(ctx), organisation, id);
  }
}
