import { ContainerModule } from 'inversify';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { VendorController } from '../../adapters/http/supplier/vendor.controller';
import { InMemoryVendorRepository } from '../../adapters/persistence/in-memory/in-memory-vendor.repository';
import { TypeOrmVendorRepository } from '../../adapters/persistence/typeorm/supplier/typeorm-vendor.repository';
import { VENDOR_TOKENS } from '../../application/supplier/vendor.ports';
import { Storage } from './storage';

/** Vendors. Whether expenses still name one is bound by the expense module (VendorReferences). */
export function vendorModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') {
      bind(VENDOR_TOKENS.VendorRepository).to(TypeOrmVendorRepository).inSingletonScope();
    } else {
      bind(VENDOR_TOKENS.VendorRepository).toConstantValue(new InMemoryVendorRepository());
    }
    bind(HTTP_TOKENS.Controller).to(VendorController).inSingletonScope();
  });
}
