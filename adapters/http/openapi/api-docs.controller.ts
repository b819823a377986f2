import Router from '@koa/router';
import { injectable } from 'inversify';
import { HttpController } from '../shared/controller';
import { JsonSchema } from '../validation/fields';
import { openApiDocument, routesOf } from './openapi-document';
import { REQUEST_BODIES } from './request-bodies';

/** `GET /api/schema/` (OpenAPI 3.1) and `GET /api/docs/` (a page that reads it). No credentials. */
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
      ctx.set('Content-Security-Policy', "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'");
      ctx.body = DOCS_PAGE;
    });
  }
}

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Business management API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem}
h2{border-bottom:1px solid #ccc;margin-top:2rem}details{margin:.3rem 0}summary{cursor:pointer}
code{background:#f3f3f3;padding:0 .3rem}.m{display:inline-block;width:4.5rem;font-weight:600}
table{border-collapse:collapse;margin:.5rem 0 1rem 5rem}td{border-top:1px solid #eee;padding:.1rem .8rem .1rem 0;vertical-align:top}</style>
</head><body><h1>Business management API</h1>
<p>The machine-readable description is at <a href="/api/schema/"><code>/api/schema/</code></a> (OpenAPI 3.1).</p>
<div id="api">Loading…</div>
<script>
const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
const describe = (s) => s ? esc([].concat(s.type || 'object').join(' | ') + (s.format ? ' (' + s.format + ')' : '') + (s.enum ? ': ' + s.enum.join(', ') : '') + (s.maxLength ? ', at most ' + s.maxLength : '') + (s.description ? ' — ' + s.description : '')) : '';
fetch('/api/schema/').then((r) => r.json()).then((doc) => {
  const byTag = {};
  for (const [path, ops] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(ops)) (byTag[op.tags[0]] ??= []).push({ path, method, op });
  document.getElementById('api').innerHTML = Object.keys(byTag).sort().map((tag) => '<h2>' + esc(tag) + '</h2>' + byTag[tag].map(({ path, method, op }) => {
    const body = op.requestBody && Object.values(op.requestBody.content)[0].schema;
    const rows = body ? Object.entries(body.properties).map(([name, s]) => '<tr><td><code>' + esc(name) + '</code>' + ((body.required || []).includes(name) ? ' *' : '') + '</td><td>' + describe(s) + '</td></tr>').join('') : '';
    return '<details><summary><span class="m">' + method.toUpperCase() + '</span><code>' + esc(path) + '</code></summary>' + (rows ? '<table>' + rows + '</table>' : '') + '</details>';
  }).join('')).join('');
});
</script></body></html>`;
