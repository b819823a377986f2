/**
 * A closed set of values with their display labels: the enumerations of the
 * spec and the `*_display` fields that go with them.
 */
export class Choices<V extends string> {
  private readonly labels: ReadonlyMap<V, string>;

  constructor(entries: ReadonlyArray<readonly [V, string]>) {
    this.labels = new Map(entries);
  }

  get values(): V[] {
    return [...this.labels.keys()];
  }

  has(value: unknown): value is V {
    return typeof value === 'string' && this.labels.has(value as V);
  }

  label(value: V): string;
  label(value: V | null | undefined): string | null;
  label(value: V | null | undefined): string | null {
    if (value === null || value === undefined) return null;
    return this.labels.get(value) ?? null;
  }
}

/** The type of the values of a `Choices`. */
export type ChoiceOf<C> = C extends Choices<infer V> ? V : never;
