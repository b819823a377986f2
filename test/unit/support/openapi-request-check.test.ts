import { OpenApiResponseValidator, ResponseNotDocumented } from '../../support/openapi-response-validator';

/**
 * The request half of the check every end-to-end ApiClient makes
 * (`checkRequest`), on a small hand-made description: what it lets through
 * and, for each kind of difference, that it fails.
 */
const FORM = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1 },
    'address.city': { type: ['string', 'null'] },
    quantity: { type: 'integer', minimum: 0, maximum: 10 },
    urgent: { type: 'boolean' },
    kind: { type: ['string', 'null'], enum: ['a', 'b', null] },
  },
  required: ['title'],
};

const MULTIPART = {
  ...FORM,
  properties: {
    ...FORM.properties,
    receipt: { type: ['string', 'null'], format: 'binary' },
    picture: { type: 'string', contentMediaType: 'image/*' },
  },
};

const ok = { 200: { description: 'Done.' } };

const validator = new OpenApiResponseValidator({
  openapi: '3.1.0',
  info: { title: 'Things', version: '1' },
  paths: {
    '/things/': {
      get: {
        operationId: 'listThings',
        parameters: [
          { $ref: '#/components/parameters/Page' },
          { name: 'page_size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
          { name: 'status', in: 'query', allowEmptyValue: true, schema: { type: 'string', enum: ['open', 'closed'] } },
          { name: 'tag', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'sizes', in: 'query', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
          { name: 'active', in: 'query', schema: { type: 'boolean' } },
        ],
        responses: ok,
      },
    },
    '/things/create/': {
      post: {
        operationId: 'createThing',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        responses: ok,
      },
    },
    '/things/{id}/': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } }],
      post: {
        operationId: 'changeThing',
        parameters: [{ name: 'action', in: 'query', required: true, schema: { type: 'string', enum: ['go', 'stop'] } }],
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': { schema: FORM },
            'multipart/form-data': { schema: MULTIPART },
          },
        },
        responses: ok,
      },
      delete: { operationId: 'deleteThing', responses: ok },
    },
  },
  components: {
    parameters: { Page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } } },
    schemas: { Thing: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } },
  },
});

const accepted = (method: string, url: string, request: Parameters<OpenApiResponseValidator['checkRequest']>[2] = {}) =>
  () => validator.checkRequest(method, url, request, 200);

const form = (text: string) => ({ contentType: 'application/x-www-form-urlencoded', body: text });

function multipart(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return { contentType: 'multipart/form-data', body };
}

const image = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });

describe('query parameters of a request the server accepted', () => {
  it('lets through documented parameters of their schemas, typed from the text ($ref, arrays, booleans, an empty value where allowed)', () => {
    expect(accepted('GET', '/things/?page=2&page_size=10&status=open&tag=a&tag=b&sizes=1,2&active=true')).not.toThrow();
    expect(accepted('GET', '/things/?status=')).not.toThrow();
    expect(accepted('GET', '/things/')).not.toThrow();
  });

  it('fails an undocumented parameter, unless the test names it as one the server ignores', () => {
    expect(accepted('GET', '/things/?colour=red')).toThrow(ResponseNotDocumented);
    expect(accepted('GET', '/things/?colour=red')).toThrow(/GET \/things\/ accepted \(200\)[^]*query parameter colour is not documented; documented: page, page_size/);
    expect(accepted('GET', '/things/?colour=red', { ignoredQuery: ['colour'] })).not.toThrow();
  });

  it('fails a value out of its bounds, of another type, or outside its choices', () => {
    expect(accepted('GET', '/things/?page_size=5000')).toThrow(/query parameter page_size must be <= 1000/);
    expect(accepted('GET', '/things/?page=0')).toThrow(/query parameter page must be >= 1/);
    expect(accepted('GET', '/things/?page_size=abc')).toThrow(/query parameter page_size must be integer/);
    expect(accepted('GET', '/things/?active=maybe')).toThrow(/query parameter active must be boolean/);
    expect(accepted('GET', '/things/?status=shut')).toThrow(/query parameter status must be equal to one of the allowed values/);
    expect(accepted('GET', '/things/?sizes=1,x')).toThrow(/query parameter sizes\/1 must be integer/);
  });

  it('fails a one-valued parameter sent twice, and a required one left out', () => {
    expect(accepted('GET', '/things/?page=1&page=2')).toThrow(/query parameter page was sent 2 times; the description takes one value/);
    expect(accepted('POST', '/things/abc/', form('title=x'))).toThrow(/query parameter action is documented as required and missing/);
  });

  it('checks nothing of a request the server refused', () => {
    expect(() => validator.checkRequest('GET', '/things/?colour=red&page=0', {}, 400)).not.toThrow();
  });
});

describe('path parameters of a request the server accepted', () => {
  it('holds each value, percent-decoded, to its schema (declared on the path)', () => {
    expect(accepted('DELETE', '/things/abc/')).not.toThrow();
    expect(accepted('DELETE', '/things/ABC/')).toThrow(/path parameter id must match pattern "\^\[a-z\]\+\$"/);
    expect(accepted('DELETE', '/things/a%20b/')).toThrow(/path parameter id must match pattern/);
  });
});

describe('form bodies of a request the server accepted', () => {
  it('lets through dotted names with values typed as the server reads them (a blank for null)', () => {
    expect(accepted('POST', '/things/abc/?action=go', form('title=Chair&address.city=Nairobi&quantity=3&urgent=on&kind='))).not.toThrow();
    expect(accepted('POST', '/things/abc/?action=go', form('title=Chair&address.city='))).not.toThrow();
  });

  it('fails a field with a wrong value', () => {
    expect(accepted('POST', '/things/abc/?action=go', form('title=Chair&quantity=11'))).toThrow(/form\/quantity must be <= 10/);
    expect(accepted('POST', '/things/abc/?action=go', form('title=Chair&quantity=three'))).toThrow(/form\/quantity must be integer/);
    expect(accepted('POST', '/things/abc/?action=go', form('title=Chair&urgent=maybe'))).toThrow(/form\/urgent must be boolean/);
    expect(accepted('POST', '/things/abc/?action=go', form('title=Chair&kind=c'))).toThrow(/form\/kind must be equal to one of the allowed values/);
    expect(accepted('POST', '/things/abc/?action=go', form('title='))).toThrow(/form\/title must NOT have fewer than 1 characters/);
  });

  it('fails a field the schema does not name (a nested field not under its dotted name), and a missing required one', () => {
    expect(accepted('POST', '/things/abc/?action=go', form('title=Chair&address[city]=Nairobi'))).toThrow(/form field address\[city\] is not documented/);
    expect(accepted('POST', '/things/abc/?action=go', form('quantity=1'))).toThrow(/form must have required property 'title'/);
    // An empty form is a form of no fields, held to the schema like `{}`, not a missing body.
    expect(accepted('POST', '/things/abc/?action=go', form(''))).toThrow(/form must have required property 'title'/);
  });

  it('fails a form sent to an operation that documents only JSON', () => {
    expect(accepted('POST', '/things/create/', form('title=Chair'))).toThrow(/content type "application\/x-www-form-urlencoded" of the body is not documented; documented: application\/json/);
    expect(accepted('POST', '/things/create/', { contentType: 'application/json', body: '{"title": "Chair"}' })).not.toThrow();
    expect(accepted('POST', '/things/create/', { contentType: 'application/json; charset=utf-8', body: '{}' })).toThrow(/required property 'title'/);
  });

  it('fails a request without the body its operation requires', () => {
    expect(accepted('POST', '/things/create/')).toThrow(/no body was sent, but the operation documents a required one/);
    expect(accepted('POST', '/things/abc/?action=go')).not.toThrow();
  });

  it('fails a body sent to an operation that documents none', () => {
    expect(accepted('DELETE', '/things/abc/', { contentType: 'application/json', body: '{}' })).toThrow(/it took a body \(application\/json\), but the operation documents none/);
  });
});

describe('multipart bodies of a request the server accepted', () => {
  it('lets through text fields and files where the schema has them (a blank for a nullable file)', () => {
    expect(accepted('POST', '/things/abc/?action=go', multipart({ title: 'Chair', quantity: '2', receipt: image(), picture: image() }))).not.toThrow();
    expect(accepted('POST', '/things/abc/?action=go', multipart({ title: 'Chair', receipt: '' }))).not.toThrow();
  });

  it('fails a body without a required field', () => {
    expect(accepted('POST', '/things/abc/?action=go', multipart({ quantity: '2' }))).toThrow(/multipart body must have required property 'title'/);
  });

  it('fails a file where text is documented, and text where a file is', () => {
    expect(accepted('POST', '/things/abc/?action=go', multipart({ title: image() }))).toThrow(/multipart body field title is a file, but the description documents text/);
    expect(accepted('POST', '/things/abc/?action=go', multipart({ title: 'Chair', receipt: 'receipt.pdf' }))).toThrow(/multipart body field receipt is text, but the description documents a file/);
  });

  it('fails a file of a media type its field does not take', () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    expect(accepted('POST', '/things/abc/?action=go', multipart({ title: 'Chair', picture: text }))).toThrow(/multipart body field picture is a file of type "text\/plain", but the description documents image\/\*/);
  });
});
