import { isCurrencyCode } from '../../../domain/shared/currency';
import { DeclaredField, FieldType } from '../../declaration/declared-field';
import { ResourceDeclaration, searchFilterOf } from '../../declaration/resource-declaration';
import { Field, fields } from '../validation/fields';
import { fileField } from '../validation/file-field';
import { Input, InputClass, nested } from '../validation/input';
import { filters, Orderings, SEARCH_DESCRIPTION } from '../validation/query';

/**
 * What a declaration makes of a body and a query string: the body's fields
 * (every writable field, under its wire name, onto its property), the list's
 * filters (`filter` and `search`) and its orderings.
 */

/** The body field of a declared field; none for what the server sets. */
function inputField(field: DeclaredField): Field<unknown> | undefined {
  const options = { nullable: field.nullable, ...(field.required && { required: true }) };
  const { type } = field;
  switch (type.type) {
    case 'uniqueId':
      return fields.uniqueId();
    case 'text': {
      const text = { ...options, max: type.max, ...(field.writeOnly && { secret: true }) };
      if (type.formByEntity) return fields.text({ ...text, ...(type.format === 'url' && { format: 'uri' as const }) });
      if (type.format === 'url') return fields.url(text);
      if (type.format === 'email') return fields.email(text);
      return fields.text(text);
    }
    case 'choice':
      return fields.choice(type.choices, { ...options, ...(type.allowBlank && { allowBlank: true }), ...(type.allowed && { allowed: type.allowed }) });
    case 'choices':
      return fields.multipleChoice(type.values, options);
    case 'decimal':
      return fields.decimal(type.limits, options);
    case 'currency':
      return fields.currency(isCurrencyCode, options);
    case 'integer':
      return fields.integer({ ...options, min: type.min, max: type.max });
    case 'boolean':
      return fields.boolean(options);
    case 'date':
      return fields.date(options);
    case 'timestamp':
      return fields.dateTime(options);
    case 'nested':
      return nested(inputClassOf(type.shape.name, type.shape.fields), { nullable: field.nullable });
    case 'reference':
      // A blank unique_id is refused rather than looked up.
      return fields.text({ ...options, allowBlank: false });
    case 'file':
      return fileField({ nullable: field.nullable });
    case 'person':
    case 'parent':
    case 'picture':
    case 'summary':
      return undefined;
  }
}

const inputClasses = new WeakMap<readonly DeclaredField[], InputClass<object>>();

/** A body DTO of the writable fields, as `@Input` declares one by hand (named `<name>Input`); `create`: a create's, documented with its `createChoices`. */
export function inputClassOf(name: string, declared: readonly DeclaredField[], create = false): InputClass<object> {
  let dto = inputClasses.get(declared);
  if (!dto) {
    const made = class {};
    Object.defineProperty(made, 'name', { value: `${name}Input` });
    for (const field of declared) {
      // A discarded field is read as its type (null taken when it says so), never required.
      const bound = field.discard ? inputField({ ...field, nullable: field.discard.nullable, required: false }) : field.readOnly ? undefined : inputField(field);
      const options = {
        ...(field.description !== undefined && { description: field.description }),
        ...(create && field.createChoices && { documentedChoices: field.createChoices }),
        ...(field.discard && { discard: true }),
      };
      if (bound) Input(field.wire, bound, options)(made.prototype, field.property);
    }
    inputClasses.set(declared, (dto = made));
  }
  return dto;
}

/** The DTO of a resource's (or a shape's) create, PUT and PATCH bodies. */
export function resourceInput(declaration: Pick<ResourceDeclaration, 'schemaName' | 'fields'>): InputClass<object> {
  return inputClassOf(declaration.schemaName, declaration.fields);
}

const createInputs = new WeakMap<ResourceDeclaration, InputClass<object>>();

/** The DTOs of a resource's create body and of its PUT and PATCH bodies: one unless a field's nullability differs on a create. */
export function resourceInputs(declaration: ResourceDeclaration): { create: InputClass<object>; update: InputClass<object> } {
  const update = resourceInput(declaration);
  if (!declaration.fields.some((field) => field.createNullable !== undefined || field.createChoices !== undefined)) return { create: update, update };
  let create = createInputs.get(declaration);
  if (!create) {
    const fields = declaration.fields.map((field) => (field.createNullable === undefined ? field : { ...field, nullable: field.createNullable }));
    createInputs.set(declaration, (create = inputClassOf(`New${declaration.schemaName}`, fields, true)));
  }
  return { create, update };
}

/** The list filter of a value of `type`: the value it must hold, as django-filter reads it. */
function filterField(type: FieldType): Field<unknown> {
  switch (type.type) {
    case 'choice':
      return filters.choice(type.choices);
    case 'date':
      return filters.date();
    case 'boolean':
      return filters.mapped({ true: true, True: true, '1': true, false: false, False: false, '0': false });
    case 'integer':
      return filters.integer({ min: type.min ?? Number.MIN_SAFE_INTEGER, max: type.max ?? Number.MAX_SAFE_INTEGER });
    default:
      return filters.text();
  }
}

/** Whether the list takes any filter (a field's, or `search`). */
export function hasFilters(declaration: ResourceDeclaration): boolean {
  return declaration.fields.some((field) => field.filter !== undefined || field.range !== undefined || field.searched);
}

/** The list's filters, by name in alphabetical order (as the API description lists them): each field's, and `search`. */
export function filterClassOf(declaration: ResourceDeclaration): InputClass<object> {
  const made = class {};
  Object.defineProperty(made, 'name', { value: `${declaration.schemaName}FilterInput` });
  const named: [string, () => void][] = declaration.fields
    .filter((field) => field.filter !== undefined)
    .map((field) => [field.filter as string, () => Input(field.filter as string, filterField(field.type))(made.prototype, field.filter as string)]);
  for (const field of declaration.fields) {
    for (const name of field.range ? [field.range.from, field.range.to] : []) named.push([name, () => Input(name, filterField(field.type))(made.prototype, name)]);
  }
  for (const computed of declaration.storage.computed ?? []) {
    const name = computed.filter;
    if (name !== undefined) named.push([name, () => Input(name, filterField(computed.type))(made.prototype, name)]);
  }
  if (declaration.fields.some((field) => field.searched)) {
    const search = searchFilterOf(declaration);
    const description = declaration.searchDescription ?? (declaration.searchFilter === undefined ? SEARCH_DESCRIPTION : undefined);
    named.push([search, () => Input(search, filters.text(), description === undefined ? {} : { description })(made.prototype, search)]);
  }
  // In the declaration's order (`filters`), else alphabetical.
  const order = declaration.filters;
  const rank = (name: string) => (order ? order.indexOf(name) : 0);
  for (const [, declare] of named.sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))) declare();
  return made;
}

/** `ordering=` among the fields declared with an ordering, each named as the storage sorts by it. */
export function orderingsOf(declaration: ResourceDeclaration): Orderings<string> {
  // As the declaration lists them (`orderings`), else the default first and the others in field order.
  const declared = declaration.fields.flatMap((field) => (field.ordering === undefined ? [] : [field.ordering]));
  const byDefault = declaration.defaultOrdering.replace(/^-/, '');
  const names = declaration.orderings ?? [byDefault, ...declared.filter((name) => name !== byDefault)];
  return {
    choices: Object.fromEntries(names.map((name) => [name, name])),
    default: { field: declaration.defaultOrdering.replace(/^-/, ''), descending: declaration.defaultOrdering.startsWith('-') },
  };
}
