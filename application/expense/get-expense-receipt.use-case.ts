import { inject, injectable } from 'inversify';
import { Expense, ExpenseSnapshot } from '../../domain/expense/expense';
import { RECEIPT_FILE_EXTENSIONS, ReceiptContentType } from '../../domain/expense/receipt';
import { NotFound } from '../../domain/shared/errors';
import { OrganisationAccess } from '../organisation/organisation-access';
import { RecordContext } from '../records/record-context';
import { recordContextToken } from '../records/record-kind';
import { Actor } from '../shared/actor';
import { ReceiptFiles } from './receipt-files';

export interface ReceiptDownload {
  contentType: ReceiptContentType;
  size: number;
  /** Made from the expense's unique_id and the detected type, never from what the client uploaded. */
  fileName: string;
  content: AsyncIterable<Uint8Array>;
}

/** A member of the expense's organisation reads its receipt; anyone else gets 404. */
@injectable()
export class GetExpenseReceipt {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(recordContextToken('expense')) private readonly expenses: RecordContext<Expense, ExpenseSnapshot>,
    @inject(ReceiptFiles) private readonly receipts: ReceiptFiles,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, expenseUniqueId: string): Promise<ReceiptDownload> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'expenses.view_receipt');
    const expense = await this.expenses.find(organisation.id, expenseUniqueId);
    const receipt = expense.receipt;
    const content = receipt ? await this.receipts.read(receipt) : null;
    if (!receipt || !content) throw new NotFound();
    return {
      contentType: receipt.contentType,
      size: receipt.size,
      fileName: `receipt-${expense.uniqueId}.${RECEIPT_FILE_EXTENSIONS[receipt.contentType]}`,
      content,
    };
  }
}
