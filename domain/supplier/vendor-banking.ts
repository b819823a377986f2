import { BANK_CODE_MAX_LENGTH, BANK_NAME_MAX_LENGTH } from '../shared/banking-information';
import { BankAccountType } from '../shared/enumerations';

/**
 * A vendor's bank details, as the spec's vendor samples carry them: no
 * timestamps of their own, unlike a person's or an organisation's.
 */
export interface VendorBanking {
  bankName: string | null;
  accountNumber: string | null;
  branchCode: string | null;
  accountType: BankAccountType | '' | null;
  routingNumber: string | null;
  swiftCode: string | null;
}

/** The account number has no stated limit; 50 holds the longest IBAN (34). */
export const VENDOR_BANKING_MAX_LENGTHS: Readonly<Record<Exclude<keyof VendorBanking, 'accountType'>, number>> = {
  bankName: BANK_NAME_MAX_LENGTH,
  accountNumber: BANK_CODE_MAX_LENGTH,
  branchCode: BANK_CODE_MAX_LENGTH,
  routingNumber: BANK_CODE_MAX_LENGTH,
  swiftCode: BANK_CODE_MAX_LENGTH,
};

export function emptyVendorBanking(): VendorBanking {
  return {
    bankName: null,
    accountNumber: null,
    branchCode: null,
    accountType: null,
    routingNumber: null,
    swiftCode: null,
  };
}
