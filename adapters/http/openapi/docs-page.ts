import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The documentation page: Swagger UI from the installed `swagger-ui-dist`
 * package (no CDN), its start-up script served as a file of its own so that
 * the page's Content-Security-Policy needs no inline script.
 */
export const DOCS_ASSETS_PATH = '/api/docs/assets';

const SCHEMA_URL = '/api/schema/';

export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // Swagger UI's stylesheet draws its icons as data: URIs.
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Swagger UI sends every request through the interceptor, so same-origin calls
// carry the session cookie and echo the (script-readable) `csrftoken` cookie in
// `X-CSRFToken`. Sent on every method, not only the unsafe ones: the expense
// action changes state on GET and checks the token then too. Never off-origin.
const INITIALIZER = `'use strict';
(function () {
  function cookie(name) {
    var pairs = document.cookie ? document.cookie.split('; ') : [];
    for (var i = 0; i < pairs.length; i += 1) {
      if (pairs[i].indexOf(name + '=') === 0) return pairs[i].slice(name.length + 1);
    }
    return null;
  }
  function sameOrigin(url) {
    try {
      return new URL(url, window.location.href).origin === window.location.origin;
    } catch (e) {
      return false;
    }
  }
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(SCHEMA_URL)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    requestInterceptor: function (request) {
      var token = cookie('csrftoken');
      if (token && sameOrigin(request.url)) request.headers['X-CSRFToken'] = token;
      return request;
    },
  });
})();
`;

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.png': 'image/png',
};

/** The media types the assets are served as, for the API description. */
export const DOCS_ASSET_TYPES = [...new Set(Object.values(CONTENT_TYPES).map((type) => type.split(';')[0]))];

export interface DocsAsset {
  /** The content, read from disk on each call: it is not kept in memory. */
  read(): Buffer;
  contentType: string;
  /** A hash of the content: the page links `?v=<version>`, which may then be cached for good. */
  version: string;
}

const swaggerUiFile = (name: string) => () => readFileSync(path.join(path.dirname(require.resolve('swagger-ui-dist/package.json')), name));

/** Everything the page may load: nothing else under the assets path is served. */
const ALLOWED: ReadonlyMap<string, () => Buffer> = new Map([
  ['swagger-ui.css', swaggerUiFile('swagger-ui.css')],
  ['index.css', swaggerUiFile('index.css')],
  ['swagger-ui-bundle.js', swaggerUiFile('swagger-ui-bundle.js')],
  ['favicon-32x32.png', swaggerUiFile('favicon-32x32.png')],
  ['favicon-16x16.png', swaggerUiFile('favicon-16x16.png')],
  ['initializer.js', () => Buffer.from(INITIALIZER)],
]);

/**
 * Each asset's version, from its content read once. The content itself is
 * not kept (Swagger UI's bundle is large): a browser asks for each
 * file once a version and keeps it for good, so reading it again is rare.
 */
const versions = new Map<string, string>();

/** The allowed asset of that name; null for any other name. */
export function docsAsset(name: string): DocsAsset | null {
  const read = ALLOWED.get(name);
  if (!read) return null;
  let version = versions.get(name);
  if (version === undefined) {
    version = createHash('sha256').update(read()).digest('hex').slice(0, 16);
    versions.set(name, version);
  }
  return { read, contentType: CONTENT_TYPES[path.extname(name)], version };
}

export function docsPage(): string {
  const url = (name: string) => `${DOCS_ASSETS_PATH}/${name}?v=${docsAsset(name)!.version}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Business management API</title>
<link rel="stylesheet" href="${url('swagger-ui.css')}">
<link rel="stylesheet" href="${url('index.css')}">
<link rel="icon" type="image/png" href="${url('favicon-32x32.png')}" sizes="32x32">
<link rel="icon" type="image/png" href="${url('favicon-16x16.png')}" sizes="16x16">
</head>
<body>
<div id="swagger-ui"></div>
<noscript>This page needs JavaScript. The OpenAPI document is at <a href="${SCHEMA_URL}">${SCHEMA_URL}</a>.</noscript>
<script src="${url('swagger-ui-bundle.js')}"></script>
<script src="${url('initializer.js')}"></script>
</body>
</html>
`;
}
