import { JsonNumber } from '../body/lossless-json';

/** How DRF, in Python, sees a JSON value: as text, by its type's name, printed in a message. */

/** `str(data)` as DRF sees a JSON scalar; null for anything else. */
export function scalarText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw;
  if (raw instanceof JsonNumber) return raw.text;
  if (typeof raw === 'number') return String(raw);
  return null;
}

/** Python's name for the type of a JSON value, as DRF's messages print it. */
export function pythonTypeName(raw: unknown): string {
  if (typeof raw === 'string') return 'str';
  if (typeof raw === 'boolean') return 'bool';
  if (raw instanceof JsonNumber) return raw.isInteger ? 'int' : 'float';
  if (typeof raw === 'number') return Number.isInteger(raw) ? 'int' : 'float';
  if (Array.isArray(raw)) return 'list';
  if (raw === null) return 'NoneType';
  return 'dict';
}

/** How Python's `str()` prints a JSON value, as DRF's messages quote the input. */
export function pythonStr(raw: unknown): string {
  return typeof raw === 'string' ? raw : pythonRepr(raw);
}

function pythonRepr(raw: unknown): string {
  if (raw === null || raw === undefined) return 'None';
  if (typeof raw === 'boolean') return raw ? 'True' : 'False';
  if (raw instanceof JsonNumber) return raw.text;
  if (typeof raw === 'string') return `'${raw.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(raw)) return `[${raw.map(pythonRepr).join(', ')}]`;
  if (typeof raw === 'object') {
    return `{${Object.entries(raw).map(([key, value]) => `${pythonRepr(key)}: ${pythonRepr(value)}`).join(', ')}}`;
  }
  return String(raw);
}
