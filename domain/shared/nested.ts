/**
 * Changes to a nested object (address, banking, employee information): a field
 * left out keeps its value; `null` for the whole object clears it.
 */
export type NestedChanges<T> = Partial<T> | null;

export function mergeNested<T extends object>(
  current: T | null,
  changes: NestedChanges<T> | undefined,
  empty: () => T,
): T | null {
  if (changes === undefined) return current;
  if (changes === null) return null;
  return { ...(current ?? empty()), ...stripUndefined(changes) };
}

export function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
