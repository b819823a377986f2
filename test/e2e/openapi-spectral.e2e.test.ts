import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Document, RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { Yaml } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

const ROOT = path.resolve(__dirname, '../..');
/** Spectral's severities (`DiagnosticSeverity`): 0 error, 1 warning, then information and hints. */
const ERROR = 0;
const WARNING = 1;

/** The warnings issue 42 accepts: the contract's paths end in `/`. */
const ACCEPTED_WARNINGS = new Set(['path-keys-no-trailing-slash']);

/**
 * Spectral with the project's `.spectral.yaml`: its `extends` names `spectral:oas`, and its `rules` (if any)
 * adjust single rules, as the CLI reads the file.
 */
function spectralOfProject(): Spectral {
  const file = readFileSync(path.join(ROOT, '.spectral.yaml'), 'utf8');
  const declared = new Document(file, Yaml, '.spectral.yaml').data as { extends: string | string[]; rules?: Record<string, unknown> };
  const rulesets: Record<string, RulesetDefinition> = { 'spectral:oas': oas as RulesetDefinition };
  const extended = [declared.extends].flat().map((name) => {
    if (!(name in rulesets)) throw new Error(`.spectral.yaml extends ${name}, which this test does not know`);
    return rulesets[name]!;
  });
  const spectral = new Spectral();
  spectral.setRuleset({ extends: extended, rules: (declared.rules ?? {}) as never } as RulesetDefinition);
  return spectral;
}

interface Problem {
  severity: 'error' | 'warning';
  line: string;
}

async function lint(document: unknown): Promise<Problem[]> {
  const diagnostics = await spectralOfProject().run(new Document(JSON.stringify(document, null, 2), Yaml, 'openapi.json'));
  return diagnostics
    .filter((d) => d.severity <= WARNING)
    .map((d) => ({ severity: d.severity === ERROR ? 'error' : 'warning', line: `${d.code} ${d.path.join('.')}: ${d.message}` }));
}

describe.each(testDatabases().slice(0, 1))('the served OpenAPI document under Spectral (spectral:oas), on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('has no error, and no warning but the trailing slashes of its paths', async () => {
    const problems = await lint((await app.client.get('/api/schema/')).body);
    expect(problems.filter((problem) => problem.severity === 'error' || !ACCEPTED_WARNINGS.has(problem.line.split(' ')[0]!))).toEqual([]);
  }, 120_000);

  it('reports errors when there are some (the check itself can fail)', async () => {
    const doc = (await app.client.get('/api/schema/')).body;
    const me = doc.paths['/api/v1.0/me/'];
    // Two operations with one id, and a path parameter that the path does not have.
    const broken = {
      ...doc,
      paths: {
        ...doc.paths,
        '/api/v1.0/me/': { ...me, put: { ...me.put, operationId: me.get.operationId, parameters: [{ name: 'nothing', in: 'path', required: true, schema: { type: 'string' } }] } },
      },
    };
    const errors = (await lint(broken)).filter((problem) => problem.severity === 'error').map((problem) => problem.line);
    expect(errors).toEqual(expect.arrayContaining([expect.stringMatching(/^operation-operationId-unique /), expect.stringMatching(/^path-params /)]));
  }, 120_000);
});
