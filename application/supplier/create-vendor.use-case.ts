import { inject, injectable } from 'inversify';
import { Vendor, VendorChanges } from '../../domain/supplier/vendor';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { newUniqueId } from '../shared/records';
import { VENDOR_TOKENS, VendorRepository } from './vendor.ports';
import { VendorView, VendorViews } from './vendor-views';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

export type NewVendorCommand = VendorChanges & { name: string };

/**
 * A member records a vendor; they are its creator, assignee and account
 * owner. Without a currency it deals in the organisation's.
 */
@injectable()
export class CreateVendor {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(VENDOR_TOKENS.VendorRepository) private readonly vendors: VendorRepository,
    @inject(VendorViews) private readonly views: VendorViews,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, command: NewVendorCommand): Promise<VendorView> {
    return this.unitOfWork.transaction(async () => {
      const { organisation, member } = await this.access.authorise(actor, organisationUniqueId, 'vendors.create');
      const existing = (uid: string) => this.vendors.findByUniqueId(organisation.id, uid);
      const vendor = Vendor.create(
        Object.assign({}, command, {
          id: this.ids.next(),
          uniqueId: await newUniqueId(command.uniqueId, this.ids, existing, 'vendor'),
          organisationId: organisation.id,
          organisationCurrency: organisation.defaultCurrency,
          createdById: actor.personId,
          now: this.clock.now(),
        }),
      );
      await this.vendors.save(vendor);
      const view = await this.views.one(vendor, member);
      await this.events.publish({ organisation, type: 'vendor.created', recordId: vendor.id, subject: { model: 'vendor', view } });
      return view;
    });
  }
}
