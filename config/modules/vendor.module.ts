import { ContainerModule } from 'inversify';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { VendorController } from '../../adapters/http/vendor/vendor.controller';
import { InMemoryVendorRepository } from '../../adapters/persistence/in-memory/in-memory-vendor.repository';
import { NoVendorReferences } from '../../adapters/persistence/no-vendor-references';
import { TypeOrmVendorRepository } from '../../adapters/persistence/typeorm/vendor/typeorm-vendor.repository';
import { VENDOR_TOKENS } from '../../application/vendor/vendor.ports';
import { Storage } from './storage';

/** Vendors. Expenses will name them: until then nothing references a vendor. */
export function vendorModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') {
      bind(VENDOR_TOKENS.VendorRepository).to(TypeOrmVendorRepository).inSingletonScope();
    } else {
      bind(VENDOR_TOKENS.VendorRepository).toConstantValue(new InMemoryVendorRepository());
    }
    bind(VENDOR_TOKENS.VendorReferences).toConstantValue(new NoVendorReferences());
    bind(HTTP_TOKENS.Controller).to(VendorController).inSingletonScope();
  });
}
