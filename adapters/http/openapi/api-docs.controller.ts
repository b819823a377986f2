import Router from '@koa/router';
import { injectable } from 'inversify';
import { RouteNotFound } from '../http-errors';
import { HttpController } from '../shared/controller';
import { JsonSchema } from '../validation/fields';
import { DOCS_ASSETS_PATH, DOCS_PAGE_CSP, docsAsset, docsPage } from './docs-page';
import { openApiDocument, routesOf } from './openapi-document';
import { REQUEST_BODIES } from './request-bodies';

/** `GET /api/schema/` (OpenAPI 3.1) and `GET /api/docs/` (Swagger UI reading it) with its assets. No credentials. */
@injectable()
export class ApiDocsController implements HttpController {
  private document: JsonSchema | null = null;

  register(router: Router): void {
    router.get('/api/schema', (ctx) => {
      // Built on first use, once every controller has registered its routes.
      this.document ??= openApiDocument(routesOf(router), REQUEST_BODIES, process.env.npm_package_version ?? '1.0.0');
      ctx.body = this.document;
    });
    router.get('/api/docs', (ctx) => {
      ctx.type = 'html';
      ctx.set('Content-Security-Policy', DOCS_PAGE_CSP);
      ctx.body = docsPage();
    });
    router.get(`${DOCS_ASSETS_PATH}/:file`, (ctx) => {
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
      ctx.body = asset.body;
    });
  }
}
