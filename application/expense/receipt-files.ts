import { inject, injectable } from 'inversify';
import { INVALID_RECEIPT, RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES, ReceiptContentType } from '../../domain/expense/receipt';
import { FILE_STORAGE_TOKENS, FileStorage } from '../shared/file-storage';
import { IMAGE_TOKENS, ImageReencoder } from '../shared/image-reencoder';
import { FileKeeping, StoredFiles } from '../shared/stored-files';

/** Expense receipts: a PDF, PNG, JPEG or WebP of at most 10 MiB, on the `receipt` field. */
@injectable()
export class ReceiptFiles extends StoredFiles<ReceiptContentType> {
  constructor(
    @inject(FILE_STORAGE_TOKENS.Receipts) storage: FileStorage,
    @inject(IMAGE_TOKENS.Reencoder) images: ImageReencoder,
    @inject(FileKeeping) keeping: FileKeeping,
  ) {
    super(storage, 'receipts', { field: 'receipt', accepts: RECEIPT_CONTENT_TYPES, maxBytes: RECEIPT_MAX_BYTES, invalid: INVALID_RECEIPT }, images, keeping);
  }
}
