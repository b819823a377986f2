import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

const ROOT = path.resolve(__dirname, '../..');

/** TypeScript types of a document by openapi-typescript's programmatic API, in a child process: it is ESM-only. */
function generateTypes(document: unknown): string {
  const script = `
    import openapiTS, { astToString } from 'openapi-typescript';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    process.stdout.write(astToString(await openapiTS(JSON.parse(text))));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    input: JSON.stringify(document),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
}

/** `tsc --strict --noEmit` of one file and what it imports; the diagnostics, one a line. */
function typeCheck(file: string): string {
  const run = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/typescript/bin/tsc'),
      '--strict',
      '--noEmit',
      '--target', 'es2022',
      '--module', 'esnext',
      '--moduleResolution', 'bundler',
      '--lib', 'es2022,dom',
      '--types', 'node',
      '--typeRoots', path.join(ROOT, 'node_modules/@types'),
      file,
    ],
    { cwd: path.dirname(file), encoding: 'utf8' },
  );
  return `${run.stdout}${run.stderr}`.trim();
}

describe.each(testDatabases().slice(0, 1))('a client typed by openapi-typescript from the served document, on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    dir = mkdtempSync(path.join(tmpdir(), 'typed-client-'));
  });

  afterAll(async () => {
    await app.close();
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('type-checks under --strict: the calls it makes, and the mistakes it must refuse (@ts-expect-error)', async () => {
    const document = (await app.client.get('/api/schema/')).body;
    writeFileSync(path.join(dir, 'schema.ts'), generateTypes(document));
    copyFileSync(path.join(__dirname, 'typed-client/client.ts.txt'), path.join(dir, 'client.ts'));
    expect(typeCheck(path.join(dir, 'client.ts'))).toBe('');
  }, 120_000);

  it('notices a client the types refuse (the check itself can fail)', async () => {
    const document = (await app.client.get('/api/schema/')).body;
    writeFileSync(path.join(dir, 'schema.ts'), generateTypes(document));
    writeFileSync(
      path.join(dir, 'wrong.ts'),
      "import type { paths } from './schema';\nexport const page: paths['/api/v1.0/organisation/{org}/vendors/']['get']['parameters']['query'] = { page_size: 'many' };\n",
    );
    expect(typeCheck(path.join(dir, 'wrong.ts'))).toMatch(/error TS2322/);
  }, 120_000);
});
