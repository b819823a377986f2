import { HistoryEntry, HistoryReader } from '../../../application/shared/history';
import { Page } from '../../../application/shared/page';

/** The in-memory stores of use-case tests record no history (the database adapters do): every history is empty. */
export class InMemoryHistoryReader implements HistoryReader {
  async forRecord(): Promise<Page<HistoryEntry>> {
    return { total: 0, items: [] };
  }

  async forOrganisation(): Promise<Page<HistoryEntry>> {
    return { total: 0, items: [] };
  }
}
