import { ExpenseVendor, ExpenseVendorDirectory } from '../../../application/expense/expense.ports';

/**
 * The vendors expenses may name, kept in memory. Until the vendor area's
 * repository implements the port, the application runs with an empty one:
 * every vendor_id is then unknown (400), as the issue asks.
 */
export class InMemoryExpenseVendorDirectory implements ExpenseVendorDirectory {
  private readonly vendors: (ExpenseVendor & { organisationId: string })[] = [];

  add(organisationId: string, vendor: ExpenseVendor): void {
    this.vendors.push({ ...vendor, organisationId });
  }

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<ExpenseVendor | null> {
    const found = this.vendors.find((v) => v.organisationId === organisationId && v.uniqueId === uniqueId);
    return found ? { id: found.id, uniqueId: found.uniqueId, name: found.name } : null;
  }

  async findByIds(organisationId: string, ids: string[]): Promise<ExpenseVendor[]> {
    return this.vendors
      .filter((v) => v.organisationId === organisationId && ids.includes(v.id))
      .map(({ id, uniqueId, name }) => ({ id, uniqueId, name }));
  }
}
