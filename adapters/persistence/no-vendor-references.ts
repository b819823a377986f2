import { VendorReferences } from '../../application/vendor/vendor.ports';

/**
 * Until expenses can name vendors, nothing references one. The expense area
 * replaces this binding with its repository.
 */
export class NoVendorReferences implements VendorReferences {
  async isVendorReferenced(): Promise<boolean> {
    return false;
  }
}
