import { ADDRESS_LINE_MAX_LENGTH } from '../shared/address';

/** A vendor's postal address; unlike a person's, it has a second line, a country and a phone. */
export interface VendorAddress {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  provinceState: string | null;
  postalCode: string | null;
  country: string | null;
  phone: string | null;
}

export const VENDOR_ADDRESS_MAX_LENGTHS: Readonly<Record<keyof VendorAddress, number>> = {
  addressLine1: ADDRESS_LINE_MAX_LENGTH,
  addressLine2: ADDRESS_LINE_MAX_LENGTH,
  city: ADDRESS_LINE_MAX_LENGTH,
  provinceState: ADDRESS_LINE_MAX_LENGTH,
  postalCode: ADDRESS_LINE_MAX_LENGTH,
  country: ADDRESS_LINE_MAX_LENGTH,
  phone: 50,
};

export function emptyVendorAddress(): VendorAddress {
  return {
    addressLine1: null,
    addressLine2: null,
    city: null,
    provinceState: null,
    postalCode: null,
    country: null,
    phone: null,
  };
}
