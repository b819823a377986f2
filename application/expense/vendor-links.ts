import { inject, injectable } from 'inversify';
import { VENDOR_TOKENS, VendorReferences, VendorRepository } from '../supplier/vendor.kind';
import { EXPENSE_TOKENS, ExpenseRepository, ExpenseVendor, ExpenseVendorDirectory } from './expense.ports';

/** The vendors an expense may name are the organisation's vendors. */
@injectable()
export class VendorsAsExpenseDirectory implements ExpenseVendorDirectory {
  constructor(@inject(VENDOR_TOKENS.VendorRepository) private readonly vendors: VendorRepository) {}

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<ExpenseVendor | null> {
    const vendor = await this.vendors.findByUniqueId(organisationId, uniqueId);
    return vendor ? { id: vendor.id, uniqueId: vendor.uniqueId, name: vendor.name } : null;
  }

  async findByIds(organisationId: string, ids: string[]): Promise<ExpenseVendor[]> {
    const vendors = await this.vendors.findByIds(organisationId, ids);
    return vendors.map((vendor) => ({ id: vendor.id, uniqueId: vendor.uniqueId, name: vendor.name }));
  }
}

/** A vendor that expenses name is in use: it cannot be deleted (409), only set inactive. */
@injectable()
export class ExpensesAsVendorReferences implements VendorReferences {
  constructor(@inject(EXPENSE_TOKENS.ExpenseRepository) private readonly expenses: ExpenseRepository) {}

  isVendorReferenced(organisationId: string, vendorId: string): Promise<boolean> {
    return this.expenses.isVendorUsed(organisationId, vendorId);
  }
}
