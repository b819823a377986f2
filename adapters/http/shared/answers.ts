import type { Answer } from './operation';
import { WireSchema, wireSchema } from './wire-schema';

const ok = (json: WireSchema<unknown>, headers?: Answer['headers']): Answer => ({ status: 200, description: 'OK', json, headers });

/** The answers most operations give. */
export const answers = {
  ok,
  created: (json: WireSchema<unknown>, headers?: Answer['headers']): Answer => ({ status: 201, description: 'Created', json, headers }),
  /** Taken, to run in the background: the body says where it stands, `Location` where to read it again. */
  accepted: (json: WireSchema<unknown>): Answer => ({ status: 202, description: 'Accepted: it runs in the background', json, headers: { Location: true } }),
  noContent: (headers?: Answer['headers']): Answer => ({ status: 204, description: 'No content', headers }),
  /** A report: its JSON, or with `format=csv` its rows as a file. */
  table: (json: WireSchema<unknown>, description: string): Answer => ({
    status: 200,
    description,
    json,
    media: { types: ['text/csv'], description: 'With `format=csv`: a header row of the columns, then a row per line of the report.' },
    headers: { 'Content-Disposition': false },
  }),
  page: <T>(item: WireSchema<T>): Answer => ({
    status: 200,
    description: 'One page of the list (see the `Link` header for the others); with `format=csv`, every matching item as a file.',
    json: wireSchema.array(item),
    media: { types: ['text/csv'], description: 'A header row of the item’s fields (nested ones as `address.city`), then a row per item.' },
    // A CSV export is not paged: no `Link`.
    headers: { 'X-Total-Count': true, Link: false, 'Content-Disposition': false },
  }),
};
