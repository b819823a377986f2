import { LRUCache } from 'lru-cache';

/**
 * Nested values stored as text (an address as JSON, bank details sealed)
 * decoded once per text: a list reads the same rows page after page.
 * Remembered by their row's id, the text beside the value: hashing a short id
 * costs less than hashing the text, and a row whose text has changed since is
 * decoded again. Values are frozen, since every reader of a
 * row shares one (the domain replaces a nested value, never changes it), and
 * must hold nothing but plain data (no `Date`, which freezing does not
 * protect). A tampered sealed text is a new text: it goes through the secret
 * box again, which refuses it, and nothing is remembered.
 */
export class DecodedTexts<T extends object> {
  private readonly decoded: LRUCache<string, { text: string; value: Readonly<T> }>;

  constructor(
    private readonly decode: (text: string) => T,
    remembered: number,
  ) {
    this.decoded = new LRUCache({ max: remembered });
  }

  /** Row `id`'s `text` decoded, or null for no text. */
  of(id: string, text: string | null): Readonly<T> | null {
    if (!text) return null;
    let entry = this.decoded.get(id);
    if (entry === undefined || entry.text !== text) {
      entry = { text, value: Object.freeze(this.decode(text)) };
      this.decoded.set(id, entry);
    }
    return entry.value;
  }
}
