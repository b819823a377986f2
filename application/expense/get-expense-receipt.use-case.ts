import { inject, injectable } from 'inversify';
import { RECEIPT_FILE_EXTENSIONS, ReceiptContentType } from '../../domain/expense/receipt';
import { NotFound } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { ExpenseAccess } from './expense-access';
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
    @inject(ExpenseAccess) private readonly access: ExpenseAccess,
    @inject(ReceiptFiles) private readonly receipts: ReceiptFiles,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, expenseUniqueId: string): Promise<ReceiptDownload> {
    const { expense } = await this.access.authorise(actor, organisationUniqueId, expenseUniqueId, 'expenses.view_receipt');
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
