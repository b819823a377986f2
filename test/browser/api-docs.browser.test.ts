import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Browser, BrowserContext, chromium, Locator, Page, Request } from 'playwright-core';
import { cookieFrom } from '../support/api-client';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { createExpense } from '../support/expenses';
import { startTestApp, TestApp } from '../support/test-app';
import { CHROMIUM_PATH } from './chromium';

/**
 * `/api/docs/` in headless Chromium (Debian's `chromium` package, driven by
 * playwright-core): the operations are listed, and calls made through the page
 * succeed with the session cookie. jest.config.ts selects this suite where
 * Chromium is installed, and always under REQUIRE_BROWSER=1 (CI).
 */
const SCREENSHOT = path.resolve(__dirname, '../../build/screenshots/api-docs.png');
const TIMEOUT = 120_000;

// Chromium's own calls home are refused on a closed network; these keep it quiet.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--metrics-recording-only',
];

describe('the documentation page in Chromium', () => {
  if (!existsSync(CHROMIUM_PATH)) {
    it('has a Chromium to run in', () => {
      throw new Error(`There is no Chromium at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
    });
    return;
  }

  let app: TestApp;
  let dispose: () => Promise<void>;
  let user: TestUser;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let csrfToken: string;
  const requests: Request[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    const database = await testDatabases()[0].create();
    dispose = database.dispose;
    app = await startTestApp(database);
    user = await signUp(app.client);
    const login = await app.client.post('/api/v1.0/auth/login/', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    csrfToken = cookieFrom(login, 'csrftoken')!;

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([
      { name: 'sessionid', value: cookieFrom(login, 'sessionid')!, url: app.client.baseUrl, httpOnly: true, sameSite: 'Lax' },
      { name: 'csrftoken', value: csrfToken, url: app.client.baseUrl, sameSite: 'Lax' },
    ]);
    context.on('request', (request) => requests.push(request));
    page = watched(await context.newPage());
    await page.goto(`${app.client.baseUrl}/api/docs/`);
  }, TIMEOUT);

  /** Collects the page's errors, a broken CSP rule among them (Chromium reports those on the console). */
  function watched(opened: Page): Page {
    opened.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    opened.on('pageerror', (error) => consoleErrors.push(error.message));
    return opened;
  }

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await dispose?.();
  });

  it(
    'lists every operation of the OpenAPI document',
    async () => {
      const schema = (await app.client.get('/api/schema/')).body as { paths: Record<string, object> };
      const operations = Object.values(schema.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
      const blocks = page.locator('.opblock');
      // Swagger UI renders once it has fetched the document; the count below says what is missing if it never does.
      await blocks.nth(operations - 1).waitFor({ state: 'attached', timeout: 15_000 }).catch(() => undefined);
      expect(await blocks.count()).toBe(operations);
      await expect(operationBlock(page, 'get', '/api/v1.0/me/').count()).resolves.toBe(1);
      await expect(operationBlock(page, 'get', '/api/v1.0/organisations/').count()).resolves.toBe(1);
    },
    TIMEOUT,
  );

  it(
    'calls GET /api/v1.0/me/ with the session cookie through "Try it out"',
    async () => {
      const response = await tryItOut(operationBlock(page, 'get', '/api/v1.0/me/'));
      expect(response.status).toBe('200');
      expect(response.body).toContain(user.email);
    },
    TIMEOUT,
  );

  it(
    'makes a write through the page, the CSRF header added from the csrftoken cookie',
    async () => {
      const block = operationBlock(page, 'patch', '/api/v1.0/me/');
      const response = await tryItOut(block, JSON.stringify({ job_title: 'Documentation reader' }));
      expect(response.status).toBe('200');
      expect(response.body).toContain('Documentation reader');
      const patch = requests.find((request) => request.method() === 'PATCH');
      expect(patch?.headers()['x-csrftoken']).toBe(csrfToken);
      const profile = await user.api.get('/api/v1.0/me/');
      expect(profile.body.job_title).toBe('Documentation reader');
    },
    TIMEOUT,
  );

  it(
    'logs in through the page itself, after which its calls carry the new session',
    async () => {
      const fresh = await browser.newContext();
      try {
        fresh.on('request', (request) => requests.push(request));
        const other = watched(await fresh.newPage());
        await other.goto(`${app.client.baseUrl}/api/docs/`);
        // Not asked before logging in: the 401's `WWW-Authenticate: Basic` makes the browser ask for a password.
        const login = await tryItOut(operationBlock(other, 'post', '/api/v1.0/auth/login/'), JSON.stringify({ email: user.email, password: user.password }));
        expect(login.status).toBe('200');
        expect((await fresh.cookies()).map((cookie) => cookie.name).sort()).toEqual(['csrftoken', 'sessionid']);
        const after = await tryItOut(operationBlock(other, 'get', '/api/v1.0/me/'));
        expect(after.status).toBe('200');
        expect(after.body).toContain(user.email);
      } finally {
        await fresh.close();
      }
    },
    TIMEOUT,
  );

  it(
    'shows each operation with its summary from the document',
    async () => {
      const schema = (await app.client.get('/api/schema/')).body as { paths: Record<string, Record<string, { summary: string }>> };
      const summary = schema.paths['/api/v1.0/me/'].get.summary;
      expect(summary.length).toBeGreaterThan(0);
      await expect(operationBlock(page, 'get', '/api/v1.0/me/').locator('.opblock-summary-description').innerText()).resolves.toBe(summary);
      const shown = await page.locator('.opblock .opblock-summary-description').allInnerTexts();
      expect(shown.length).toBe(await page.locator('.opblock').count());
      expect(shown.filter((text) => text.trim() === '')).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'submits an expense through the page: the action chosen from the list of actions',
    async () => {
      const expense = await createExpense(user.api, user.organisationUniqueId);
      const block = operationBlock(page, 'get', '/api/v1.0/organisation/{org}/expenses/{id}/action/');
      const response = await tryItOut(block, undefined, { org: user.organisationUniqueId, id: expense.unique_id, action: 'submit' });
      expect(response.status).toBe('200');
      expect(response.body).toContain('"status": "submitted"');
      expect((await user.api.get(`/api/v1.0/organisation/${user.organisationUniqueId}/expenses/${expense.unique_id}/`)).body.status).toBe('submitted');
    },
    TIMEOUT,
  );

  it(
    `leaves a full-page screenshot in ${path.relative(process.cwd(), SCREENSHOT)}`,
    async () => {
      mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
      const png = await page.screenshot({ path: SCREENSHOT, fullPage: true });
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(statSync(SCREENSHOT).size).toBe(png.length);
    },
    TIMEOUT,
  );

  it(
    'fetches nothing from another origin and breaks no rule of its Content-Security-Policy',
    async () => {
      const origin = new URL(app.client.baseUrl).origin;
      const urls = requests.map((request) => request.url());
      expect(urls).toContain(`${origin}/api/schema/`);
      expect(urls.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
    TIMEOUT,
  );
});

function operationBlock(page: Page, method: string, apiPath: string): Locator {
  return page.locator(`.opblock.opblock-${method}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${apiPath}"]`) });
}

/**
 * Opens the operation, presses "Try it out" (filling the parameters and the
 * request body, if given) and "Execute"; the response shown.
 */
async function tryItOut(block: Locator, body?: string, parameters: Record<string, string> = {}): Promise<{ status: string; body: string }> {
  await block.locator('.opblock-summary-control').click();
  await block.locator('button.try-out__btn').click();
  for (const [name, value] of Object.entries(parameters)) {
    const row = block.locator(`tr[data-param-name="${name}"]`).first();
    const select = row.locator('select');
    if ((await select.count()) > 0) await select.first().selectOption(value);
    else await row.locator('input').first().fill(value);
  }
  if (body !== undefined) await block.locator('textarea.body-param__text').fill(body);
  await block.locator('button.execute').click();
  const live = block.locator('.live-responses-table');
  const status = live.locator('tbody .response-col_status');
  await status.waitFor();
  // The cell also says "Undocumented" when the document lists a range (2XX) rather than the code.
  const code = /\d{3}/.exec(await status.innerText())?.[0] ?? '';
  return { status: code, body: await live.locator('tbody .response-col_description').innerText() };
}
