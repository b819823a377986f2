import { membersAsReferences } from '../../application/person/members-as-references';
import { PERSON_TOKENS, PersonRepository } from '../../application/person/person.ports';
import { ContainerModule } from 'inversify';
import { VENDOR_DECLARATION } from '../../adapters/declaration/supplier/vendor.declaration';
import { VENDOR_TOKENS, vendorKind, VendorReferences } from '../../application/supplier/vendor.kind';
import { declaredResourceModule } from './declared-resource.module';
import { Storage } from './storage';

/** Vendors. Whether expenses still name one is bound by the expense module (VendorReferences). */
export function vendorModule(storage: Storage): ContainerModule {
  return declaredResourceModule(storage, {
    declaration: VENDOR_DECLARATION,
    kind: (context) =>
      vendorKind(context.get<VendorReferences>(VENDOR_TOKENS.VendorReferences), membersAsReferences(context.get<PersonRepository>(PERSON_TOKENS.PersonRepository))),
    repositoryToken: VENDOR_TOKENS.VendorRepository,
  });
}
