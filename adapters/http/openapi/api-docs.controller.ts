import { injectable } from 'inversify';
import { RouteNotFound } from '../http-errors';
import { HttpController } from '../shared/controller';
import { answers } from '../shared/answers';
import { Routes } from '../shared/routes';
import { WireSchema } from '../shared/wire-schema';
import { fields, JsonSchema } from '../validation/fields';
import { Input } from '../validation/input';
import { DOCS_ASSET_TYPES, DOCS_ASSETS_PATH, DOCS_PAGE_CSP, docsAsset, docsPage } from './docs-page';
import { openApiDocument } from './openapi-document';

/** The `v` the page links each asset with, for the API description. */
class DocsAssetVersionQuery {
  @Input('v', fields.text({ allowBlank: true }), {
    description: 'The content hash the page links the asset with: when it is the current one, the answer may be cached for good (`immutable`); any other value, or none, answers `no-cache`.',
  })
  version?: string;
}

/**
 * What `GET /api/schema/` answers: an OpenAPI document, its top level named and open to the rest. A bare
 * `type: object` reads to a client generator as an object without properties (`Record<string, never>`).
 */
const DOCUMENT_SCHEMA: WireSchema<object> = {
  json: {
    type: 'object',
    properties: {
      openapi: { type: 'string', const: '3.1.0' },
      info: {
        type: 'object',
        properties: { title: { type: 'string' }, version: { type: 'string' } },
        required: ['title', 'version'],
        additionalProperties: true,
      },
      paths: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
      components: { type: 'object', additionalProperties: true },
    },
    required: ['openapi', 'info', 'paths', 'components'],
    additionalProperties: true,
  },
  components: {},
};

/** `GET /api/schema/` (OpenAPI 3.1) and `GET /api/docs/` (Swagger UI reading it) with its assets. No credentials. */
@injectable()
export class ApiDocsController implements HttpController {
  private document: JsonSchema | null = null;

  register(routes: Routes): void {
    routes.add({
      method: 'GET',
      path: '/api/schema',
      summary: 'API description',
      description: 'This document: OpenAPI 3.1, generated from the operations the server registers. No credentials.',
      credentials: 'none',
      answers: [{ ...answers.ok(DOCUMENT_SCHEMA), description: 'This document.' }],
      handle: (ctx) => {
        // Built on first use, once every controller has registered its operations.
        this.document ??= openApiDocument(routes.operations, process.env.npm_package_version ?? '1.0.0');
        ctx.body = this.document;
      },
    });
    routes.add({
      method: 'GET',
      path: '/api/docs',
      summary: 'API documentation page',
      description: 'Swagger UI reading the API description, to read and try the operations. No credentials.',
      credentials: 'none',
      answers: [{ status: 200, description: 'The documentation page.', media: { types: ['text/html'], description: 'HTML' } }],
      handle: (ctx) => {
        ctx.type = 'html';
        ctx.set('Content-Security-Policy', DOCS_PAGE_CSP);
        ctx.body = docsPage();
      },
    });
    routes.add({
      method: 'GET',
      path: `${DOCS_ASSETS_PATH}/:file`,
      summary: 'Documentation page asset',
      description: 'A script or style sheet of the documentation page, served by this server. No credentials.',
      credentials: 'none',
      query: DocsAssetVersionQuery,
      answers: [
        { status: 200, description: 'A file of the documentation page.', media: { types: DOCS_ASSET_TYPES, description: 'Stylesheet, script or icon' } },
        { status: 304, description: 'Not modified (the `ETag` still matches).' },
      ],
      handle: (ctx) => {
        const asset = docsAsset(ctx.params.file);
        if (!asset) throw new RouteNotFound();
        ctx.status = 200;
        ctx.type = asset.contentType;
        ctx.etag = asset.version;
        // The page links each asset with its content hash; any other URL revalidates.
        const current = ctx.query.v === asset.version;
        ctx.set('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (ctx.fresh) {
          ctx.status = 304;
          return;
        }
        ctx.body = asset.read();
      },
    });
  }
}
