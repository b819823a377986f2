import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

const ROOT = path.resolve(__dirname, '../..');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

/** `redocly lint` with the project's `redocly.yaml` (the recommended rules and the exceptions it names). */
function lint(file: string): LintProblem[] {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json', file], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly lint printed no report (exit ${run.status}): ${run.stderr}`);
  return (JSON.parse(run.stdout.slice(start)) as { problems: LintProblem[] }).problems;
}

describe.each(testDatabases().slice(0, 1))('the served OpenAPI document under Redocly lint, on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
  });

  afterAll(async () => {
    await app.close();
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const errorsOf = (document: unknown, name: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(document));
    return lint(file)
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
  };

  it('has no error under the recommended rules (the exceptions in redocly.yaml)', async () => {
    expect(errorsOf((await app.client.get('/api/schema/')).body, 'openapi.json')).toEqual([]);
  }, 120_000);

  it('reports errors when there are some (the check itself can fail)', async () => {
    const doc = (await app.client.get('/api/schema/')).body;
    const me = doc.paths['/api/v1.0/me/'];
    // Two operations with one id, and a reference to nothing.
    const broken = {
      ...doc,
      paths: { ...doc.paths, '/api/v1.0/me/': { ...me, put: { ...me.put, operationId: me.get.operationId, requestBody: { $ref: '#/components/requestBodies/None' } } } },
    };
    const errors = errorsOf(broken, 'broken.json');
    expect(errors).toEqual(expect.arrayContaining([expect.stringMatching(/^operation-operationId-unique /), expect.stringMatching(/^no-unresolved-refs /)]));
  }, 120_000);
});
