import { JsonSchema } from '../validation/fields';

/** Text tried, in turn, for a string whose format or pattern says nothing more specific. */
const CANDIDATES = ['example-1', '12.50', '4.50', '12', '2026-01-15', 'USD', 'Example', 'x'];
const BY_FORMAT: Record<string, string> = {
  date: '2026-01-15',
  'date-time': '2026-01-15T09:30:00.000Z',
  email: 'ada@example.com',
  'idn-email': 'ada@example.com',
  uri: 'https://example.com/',
  binary: '',
};

/**
 * An example of a value a schema describes, built from the schema itself
 * (its enums, formats, patterns and bounds), so that every example in the
 * API description is one the description accepts; a test holds each to its
 * schema. Undefined where no value could be made (a pattern no candidate
 * meets): the example is then left out rather than wrong.
 */
export function exampleOf(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0, request = false): unknown {
  if (depth > 12) return undefined;
  if (typeof schema.$ref === 'string') {
    const named = components[schema.$ref.replace('#/components/schemas/', '')];
    return named ? exampleOf(named, components, depth + 1, request) : undefined;
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null && value !== '') ?? schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) {
      const variants = (schema[key] as JsonSchema[]).filter((variant) => variant.type !== 'null');
      return variants.length > 0 ? exampleOf(variants[0], components, depth + 1, request) : null;
    }
  }
  const type = [schema.type].flat().find((candidate) => candidate !== 'null');
  switch (type) {
    case 'object':
      return objectExample(schema, components, depth, request);
    case 'array': {
      const item = schema.items ? exampleOf(schema.items as JsonSchema, components, depth + 1, request) : undefined;
      return item === undefined ? [] : [item];
    }
    case 'string':
      // A nullable text no candidate fits is shown as null, which it may be.
      return stringExample(schema) ?? ([schema.type].flat().includes('null') ? null : undefined);
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

/** A request's example leaves out what the server sets (`readOnly`): it would be ignored, or refused. */
function objectExample(schema: JsonSchema, components: Record<string, JsonSchema>, depth: number, request: boolean): unknown {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const example: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (request && property.readOnly === true && !required.has(name)) continue;
    const value = exampleOf(property, components, depth + 1, request);
    if (value === undefined) {
      if (required.has(name)) return undefined;
      continue;
    }
    example[name] = value;
  }
  return example;
}

function stringExample(schema: JsonSchema): string | undefined {
  const format = typeof schema.format === 'string' ? BY_FORMAT[schema.format] : undefined;
  const candidates = format !== undefined ? [format, ...CANDIDATES] : CANDIDATES;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  return candidates.find((text) => (!pattern || pattern.test(text)) && [...text].length >= min && [...text].length <= max);
}

/** Every JSON request body and success answer of the document, given an example of itself where one can be made. */
export function withExamples(document: JsonSchema): JsonSchema {
  const components = ((document.components as JsonSchema | undefined)?.schemas ?? {}) as Record<string, JsonSchema>;
  const addTo = (media: JsonSchema | undefined, request: boolean) => {
    if (!media?.schema || 'example' in media) return;
    const example = exampleOf(media.schema as JsonSchema, components, 0, request);
    if (example !== undefined) media.example = example;
  };
  for (const item of Object.values(document.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const operation of Object.values(item)) {
      addTo((operation.requestBody as JsonSchema | undefined)?.content?.['application/json' as keyof object] as JsonSchema | undefined, true);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, JsonSchema>)) {
        if (status.startsWith('2')) addTo((response.content as Record<string, JsonSchema> | undefined)?.['application/json'], false);
      }
    }
  }
  return document;
}
