import { inject, injectable } from 'inversify';
import { detectReceiptContentType, INVALID_RECEIPT, RECEIPT_MAX_BYTES, ReceiptReference } from '../../domain/expense/receipt';
import { ValidationFailed } from '../../domain/shared/errors';
import { IncomingFile } from '../shared/incoming-file';
import { EXPENSE_TOKENS, ReceiptStorage } from './expense.ports';

/** Enough for every signature `detectReceiptContentType` knows (WebP's ends at byte 12). */
const SIGNATURE_BYTES = 16;

/**
 * Receipt files around a write: an upload is checked by its content and stored
 * before the transaction (so that it stays short), and removed again if the
 * write fails; a file the write no longer references is removed after commit.
 */
@injectable()
export class ReceiptFiles {
  constructor(@inject(EXPENSE_TOKENS.ReceiptStorage) private readonly storage: ReceiptStorage) {}

  /**
   * Runs `work` with the stored upload: undefined when no receipt was sent,
   * null when the client asked to remove it.
   */
  async storedFor<T>(
    organisationId: string,
    file: IncomingFile | null | undefined,
    work: (receipt: ReceiptReference | null | undefined) => Promise<T>,
  ): Promise<T> {
    const receipt = file ? await this.accept(organisationId, file) : file;
    try {
      return await work(receipt);
    } catch (error) {
      if (receipt) await this.discard(receipt);
      throw error;
    }
  }

  /** For a receipt nothing references any more, once that is committed. */
  async discard(receipt: ReceiptReference | null): Promise<void> {
    // The write it follows is committed: an orphaned file is better than a failed request.
    if (receipt) await this.storage.remove(receipt.key).catch(() => undefined);
  }

  private async accept(organisationId: string, file: IncomingFile): Promise<ReceiptReference> {
    if (file.size === 0) throw ValidationFailed.field('receipt', 'The submitted file is empty.');
    // The HTTP adapter refuses larger bodies with 413 first; this keeps the rule whatever the caller.
    if (file.size > RECEIPT_MAX_BYTES) throw ValidationFailed.field('receipt', 'The submitted file is too large.');
    const contentType = detectReceiptContentType(await file.head(SIGNATURE_BYTES));
    if (!contentType) throw ValidationFailed.field('receipt', INVALID_RECEIPT);
    const key = await this.storage.put(organisationId, file, contentType);
    return { key, contentType, size: file.size };
  }
}
