import { Context } from 'koa';
import { ListQuery, Ordering, Page, PageRequest } from '../../../application/shared/page';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Choices } from '../../../domain/shared/choices';
import { FieldErrors, ValidationFailed } from '../../../domain/shared/errors';
import { characterCount, FIELD_MESSAGES, unstorableTextProblems } from '../../../domain/shared/field-messages';
import { Field, JsonSchema, reject } from './field';
import { bindInput, bindProperties, InputClass, InputProperty, inputsOf } from './input';
import type { WireSchema } from '../shared/wire-schema';

/**
 * Query strings are bound by the same `@Input` fields as bodies, with
 * django-filter's semantics: the last of a repeated parameter counts, values
 * are trimmed, an empty one filters nothing, and the messages are the
 * filter's own ("Select a valid choice. …").
 */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

const invalidChoice = (value: string) => `Select a valid choice. ${value} is not one of the available choices.`;

/** A filter that takes one of a fixed set of values, each standing for a typed value (a choice, a boolean, an ordering). */
export class FilterChoiceField<T> extends Field<T> {
  constructor(private readonly values: ReadonlyMap<string, T>) {
    super();
  }

  protected convert(raw: unknown): T {
    const text = String(raw);
    if (!this.values.has(text)) reject(invalidChoice(text));
    return this.values.get(text) as T;
  }

  protected describe(): JsonSchema {
    return { type: 'string', enum: [...this.values.keys()] };
  }
}

/**
 * The most characters a text filter takes (`search`, a lead's `name`, a
 * reference), as long as the longest name a search looks in (a vendor's). A
 * list's answer repeats its query string in each URL of its `Link` header: so
 * bounded, the header stays within what HTTP clients and proxies read.
 */
export const FILTER_TEXT_MAX_LENGTH = 300;

class FilterTextField extends Field<string> {
  protected convert(raw: unknown): string {
    const text = String(raw);
    // As django-filter's CharFilter (a form CharField): too long, or text no database can hold, is a 400 on the filter.
    const problems = [
      ...(characterCount(text) > FILTER_TEXT_MAX_LENGTH ? [FIELD_MESSAGES.maxLength(FILTER_TEXT_MAX_LENGTH)] : []),
      ...unstorableTextProblems(text),
    ];
    if (problems.length > 0) reject(...problems);
    return text;
  }

  protected describe(): JsonSchema {
    return { type: 'string', maxLength: FILTER_TEXT_MAX_LENGTH };
  }
}

class FilterDateField extends Field<CalendarDate> {
  protected convert(raw: unknown): CalendarDate {
    const date = CalendarDate.parse(String(raw));
    if (!date) reject('Enter a valid date.');
    return date;
  }

  protected describe(): JsonSchema {
    return { type: 'string', format: 'date' };
  }
}

/** A whole number within bounds (DRF's IntegerField messages). */
class FilterIntegerField extends Field<number> {
  constructor(private readonly bounds: { min: number; max: number }) {
    super();
  }

  protected convert(raw: unknown): number {
    const text = String(raw);
    if (!/^-?\d+$/.test(text)) reject('A valid integer is required.');
    const value = Number(text);
    if (value < this.bounds.min) reject(`Ensure this value is greater than or equal to ${this.bounds.min}.`);
    if (value > this.bounds.max) reject(`Ensure this value is less than or equal to ${this.bounds.max}.`);
    return value;
  }

  protected describe(): JsonSchema {
    return { type: 'integer', minimum: this.bounds.min, maximum: this.bounds.max };
  }
}

/** `page` and `page_size`: digits only, from 1. */
class PageNumberField extends Field<number> {
  /** `documentedMax`: the most a client should ask for (a larger `page_size` is cut to it, not refused). */
  constructor(private readonly documentedMax?: number) {
    super();
  }

  protected convert(raw: unknown): number {
    const text = String(raw);
    if (!/^\d+$/.test(text)) reject('A valid integer is required.');
    const value = Number(text);
    if (value < 1) reject('Ensure this value is greater than or equal to 1.');
    return value;
  }

  protected describe(): JsonSchema {
    return { type: 'integer', minimum: 1, ...(this.documentedMax !== undefined && { maximum: this.documentedMax }) };
  }
}

const identity = <V extends string>(values: readonly V[]) => new Map(values.map((value) => [value, value] as const));

/** The description of every `search` filter. */
export const SEARCH_DESCRIPTION = 'Text the record contains, in any case.';

/** Filter fields, to declare a list's filters with `@Input` as a body's fields are. */
export const filters = {
  /** One value of an enumeration. */
  choice: <V extends string>(choices: Choices<V> | readonly V[]) =>
    new FilterChoiceField<V>(identity(choices instanceof Choices ? choices.values : choices)),
  /** Spellings that each stand for a value (`true`, `True`, `1` for true). */
  mapped: <T>(values: Readonly<Record<string, T>>) => new FilterChoiceField<T>(new Map(Object.entries(values))),
  text: () => new FilterTextField(),
  date: () => new FilterDateField(),
  integer: (bounds: { min: number; max: number }) => new FilterIntegerField(bounds),
};

/** `ordering=field` or `ordering=-field` among the list's fields, each naming the field of the port it sorts by. */
export interface Orderings<O extends string> {
  choices: Readonly<Record<string, O>>;
  default: Ordering<O>;
}

/** What a list endpoint reads from its query string: the resource's filters (an `@Input` class) and its orderings. */
export interface ListParameters<F extends object = object, O extends string = string> {
  filters?: InputClass<F>;
  orderings?: Orderings<O>;
  /**
   * The item `sendPage` presents, where the answer is not the array of them
   * (a paged report, whose `sendPage` writes them into an object): each is a
   * row of the list's CSV. Without it, the items of the page's array.
   */
  item?: WireSchema<unknown>;
}

const PAGING: InputProperty[] = [
  { property: 'page', wireName: 'page', field: new PageNumberField(), discard: false, description: 'The page to answer, from 1.' },
  {
    property: 'pageSize',
    wireName: 'page_size',
    field: new PageNumberField(MAX_PAGE_SIZE),
    discard: false,
    description: `Items per page: ${DEFAULT_PAGE_SIZE} when absent, at most ${MAX_PAGE_SIZE} (a larger size is cut to it).`,
  },
];

/** What a list answers: a page of JSON, or every matching row as CSV (DRF's `format` parameter). */
export type ListFormat = 'json' | 'csv';

export const FORMAT_INPUT: InputProperty = {
  property: 'format',
  wireName: 'format',
  field: filters.choice<ListFormat>(['json', 'csv']),
  discard: false,
  description: '`csv`: every matching row as a CSV file, filtered and ordered as the JSON list (`page` and `page_size` do not apply).',
};

function orderingInput<O extends string>(orderings: Orderings<O>): InputProperty {
  const values = new Map<string, Ordering<O>>();
  for (const [name, field] of Object.entries(orderings.choices)) {
    values.set(name, { field, descending: false });
    values.set(`-${name}`, { field, descending: true });
  }
  return {
    property: 'ordering',
    wireName: 'ordering',
    field: new FilterChoiceField(values),
    discard: false,
    description: 'The field to sort by; a leading `-` sorts descending.',
  };
}

/** Every query parameter of a list, in the order the API description lists them. */
export function listInputs(list: ListParameters): InputProperty[] {
  return [...PAGING, FORMAT_INPUT, ...(list.orderings ? [orderingInput(list.orderings)] : []), ...(list.filters ? inputsOf(list.filters) : [])];
}

/** The `format` a list is asked for; another value than `json` or `csv` is a 400 on `format`. */
export function readFormat(ctx: Context): ListFormat {
  return (bindQueryInputs([FORMAT_INPUT], ctx.query).format as ListFormat | undefined) ?? 'json';
}

/** Each parameter's value as sent, the last of a repeated one (as Django's QueryDict reads it). */
function lastValues(query: Context['query']): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last !== undefined) values[name] = last;
  }
  return values;
}

/** The query string as django-filter reads it: the last of repeated values, trimmed, empty ones left out. */
function queryValues(query: Context['query']): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, last] of Object.entries(lastValues(query))) {
    const text = last.trim();
    if (text) values[name] = text;
  }
  return values;
}

function bindQueryInputs(inputs: readonly InputProperty[], query: Context['query']): Record<string, unknown> {
  const result = bindProperties(inputs, queryValues(query), { partial: false, form: true });
  if ('errors' in result) throw new ValidationFailed(result.errors as FieldErrors);
  return result.value as Record<string, unknown>;
}

/**
 * The fields of an `@Input` class read as a form from the query string (the
 * expense action's `action` and `reason`): not filters, so each value counts
 * as sent, an empty one too; `body`, the fields of a POST's form, overrides them.
 */
export function bindQuery<T extends object>(dto: InputClass<T>, query: Context['query'], body: object = {}): T {
  return bindInput(dto, { ...lastValues(query), ...body }, { partial: false, form: true });
}

function pageRequestOf(values: Record<string, unknown>): PageRequest {
  const size = (values.pageSize as number | undefined) ?? DEFAULT_PAGE_SIZE;
  return { page: (values.page as number | undefined) ?? 1, pageSize: Math.min(size, MAX_PAGE_SIZE) };
}

/** The filters of a read that is not paged (a report), as a list's are read; any bad one is a 400 naming it. */
export function readFilters<F extends object>(ctx: Context, filterInputs: InputClass<F>): F {
  return bindQueryInputs(inputsOf(filterInputs), ctx.query) as F;
}

/** The page and the filters of a list that has no orderings (it has one order). */
export function readFiltered<F extends object>(ctx: Context, filterInputs: InputClass<F>): { filters: F; page: PageRequest } {
  const { page, pageSize, ...filterValues } = bindQueryInputs([...PAGING, ...inputsOf(filterInputs)], ctx.query);
  return { filters: filterValues as F, page: pageRequestOf({ page, pageSize }) };
}

/** The page a list without filters or orderings asks for (short lists: members, invitations). */
export function readPage(ctx: Context): PageRequest {
  return pageRequestOf(bindQueryInputs(PAGING, ctx.query));
}

/** A list's filters, ordering and page from the query string; any bad parameter is a 400 naming it. */
export function readList<F extends object, O extends string>(
  ctx: Context,
  list: ListParameters<F, O> & { orderings: Orderings<O> },
): ListQuery<F, O> {
  // As DRF's filter backends run in turn, the ordering is judged once the filters and the page are valid.
  const { page, pageSize, ...filterValues } = bindQueryInputs([...PAGING, ...(list.filters ? inputsOf(list.filters) : [])], ctx.query);
  const { ordering } = bindQueryInputs([orderingInput(list.orderings)], ctx.query);
  return {
    filters: filterValues as F,
    ordering: (ordering as Ordering<O> | undefined) ?? list.orderings.default,
    page: pageRequestOf({ page, pageSize }),
  };
}

/** A page as `sendPage` would have answered it: the presented items and the size of the whole list. */
export interface PresentedPage {
  items: unknown[];
  total: number;
}

/** The contexts whose `sendPage` hands its page over rather than answering it (see `collectPage`). */
const collectors = new WeakMap<Context, (page: PresentedPage) => void>();

/**
 * Runs a list's handler for page `page` of `MAX_PAGE_SIZE` items, with the
 * request's filters and ordering, and answers the page it would have sent:
 * any list can so be read to its end without knowing its use case.
 */
export async function collectPage(ctx: Context, handle: (ctx: Context) => unknown, page: number): Promise<PresentedPage> {
  const query = { ...ctx.query, page: String(page), page_size: String(MAX_PAGE_SIZE) };
  // Everything else (the parameters, the caller, the response) is the request's own.
  const pageContext: Context = Object.create(ctx, { query: { value: query } });
  let collected: PresentedPage | undefined;
  collectors.set(pageContext, (presented) => (collected = presented));
  await handle(pageContext);
  if (!collected) throw new Error(`The list handler of ${ctx.path} sent no page`);
  return collected;
}

/**
 * Writes one page: the JSON array, `X-Total-Count` and an RFC 8288 `Link`
 * header. `body` makes the presented items into another answer than their
 * array (a paged report's object); the CSV export takes the items.
 */
export function sendPage<T, R>(ctx: Context, page: Page<T>, request: PageRequest, present: (item: T) => R, body: (items: R[]) => unknown = (items) => items): void {
  const collect = collectors.get(ctx);
  if (collect) return collect({ items: page.items.map(present), total: page.total });
  const last = Math.max(1, Math.ceil(page.total / request.pageSize));
  const link = (number: number, rel: string) => {
    const url = new URL(ctx.originalUrl, ctx.state.origin);
    url.searchParams.set('page', String(number));
    url.searchParams.set('page_size', String(request.pageSize));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (request.page > 1) links.push(link(Math.min(request.page - 1, last), 'prev'));
  if (request.page < last) links.push(link(request.page + 1, 'next'));
  links.push(link(last, 'last'));
  ctx.set('X-Total-Count', String(page.total));
  ctx.set('Link', links.join(', '));
  ctx.body = body(page.items.map(present));
}
