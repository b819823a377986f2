/** Postal address of a person or an organisation. */
export interface Address {
  addressLine1: string | null;
  city: string | null;
  provinceState: string | null;
  postalCode: string | null;
}

export const ADDRESS_LINE_MAX_LENGTH = 300;

export function emptyAddress(): Address {
  return { addressLine1: null, city: null, provinceState: null, postalCode: null };
}
