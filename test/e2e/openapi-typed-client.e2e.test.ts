import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ts from 'typescript';
import { UnsubscribeLinks } from '../../application/notification/unsubscribe-links';
import { PERSON_TOKENS, PersonRepository } from '../../application/person/person.ports';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { validatorFor } from '../support/openapi-response-validator';
import { PICTURE_FILES } from '../support/pictures';
import { startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const ROOT = path.resolve(__dirname, '../..');
const CLIENT_DIR = path.join(__dirname, 'typed-client');
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/**
 * TypeScript types of a document by openapi-typescript's programmatic API, in a child process: it is ESM-only.
 * `format: binary` (a file part, a file answer) becomes `Blob`, as the package's documentation shows.
 */
function generateTypes(document: unknown): string {
  const script = `
    import openapiTS, { astToString } from 'openapi-typescript';
    import ts from 'typescript';
    const BLOB = ts.factory.createTypeReferenceNode('Blob');
    const NULL = ts.factory.createLiteralTypeNode(ts.factory.createNull());
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    const transform = (schema) =>
      schema.format !== 'binary' ? undefined : [schema.type].flat().includes('null') ? ts.factory.createUnionTypeNode([BLOB, NULL]) : BLOB;
    process.stdout.write(astToString(await openapiTS(JSON.parse(text), { transform })));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    input: JSON.stringify(document),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
}

/** `tsc --strict` of one file and what it imports, emitting JavaScript to `outDir` when given; the diagnostics, one a line. */
function typeCheck(file: string, outDir?: string): string {
  const run = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/typescript/bin/tsc'),
      '--strict',
      ...(outDir ? ['--outDir', outDir] : ['--noEmit']),
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

/** Every operation of a document, as `GET /api/v1.0/me/`. */
function operationsOf(document: { paths: Record<string, object> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([template, item]) => Object.keys(item).filter((key) => METHODS.includes(key)).map((method) => `${method.toUpperCase()} ${template}`))
    .sort();
}

/**
 * The operations the `tour` function of a client's source calls: each `….call('method', '/path', …)` with
 * literal arguments, but for the statements marked `@ts-expect-error` (a mistake the types refuse is no use).
 */
function operationsCalledIn(source: string): string[] {
  const file = ts.createSourceFile('tour.ts', source, ts.ScriptTarget.ES2022, true);
  const tour = file.statements.find((statement) => ts.isFunctionDeclaration(statement) && statement.name?.text === 'tour');
  const called = new Set<string>();
  /** The statement a call is part of, with its comments: the directive may be above it or inside it (above a field). */
  const statementOf = (node: ts.Node): ts.Node => (ts.isExpressionStatement(node) || ts.isVariableStatement(node) || !node.parent ? node : statementOf(node.parent));
  const visit = (node: ts.Node): void => {
    const isCall = ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'call';
    if (isCall && !statementOf(node).getFullText().includes('@ts-expect-error')) {
      const [method, template] = node.arguments;
      if (method && template && ts.isStringLiteral(method) && ts.isStringLiteral(template)) called.add(`${method.text.toUpperCase()} ${template.text}`);
    }
    node.forEachChild(visit);
  };
  if (tour) visit(tour);
  return [...called].sort();
}

/** The operations of the document a client's source never calls. */
const uncalled = (document: { paths: Record<string, object> }, source: string): string[] => {
  const called = new Set(operationsCalledIn(source));
  return operationsOf(document).filter((operation) => !called.has(operation));
};

/** One call of the tour as its client wrote it down (`Exchange` in typed-client/client.ts.txt). */
interface TourCall {
  method: string;
  template: string;
  url: string;
  status: number;
  requestType: string | null;
  requestText: string | null;
  requestParts: [string, string | { type: string; size: number }][] | null;
  responseHeaders: [string, string][];
  responseText: string;
}

/** A multipart body again from the fields the tour wrote down: a file as bytes of its type and size. */
function formOf(parts: NonNullable<TourCall['requestParts']>): FormData {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.size)], { type: value.type }), name);
  }
  return form;
}

/** Runs the emitted tour in a child node process (the app answers from this one, so not synchronously); its result. */
function runTour(tourJs: string, settings: object): Promise<{ calls: TourCall[]; seen: any }> {
  const script = `
    import { tour } from ${JSON.stringify(pathToFileURL(tourJs).href)};
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    try {
      process.stdout.write(JSON.stringify(await tour(JSON.parse(text))));
    } catch (error) {
      process.stderr.write(error.stack);
      process.exitCode = 1;
    }`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: path.dirname(tourJs) });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(Buffer.concat(out).toString('utf8')));
      else reject(new Error(`the tour failed (exit ${code}):\n${Buffer.concat(err).toString('utf8')}`));
    });
    child.stdin.end(JSON.stringify(settings));
  });
}

describe.each(testDatabases().slice(0, 1))('a client typed by openapi-typescript from the served document, on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let dataDir: string;
  let receiver: WebhookReceiver;
  let owner: TestUser;
  let dir: string;
  let document: { paths: Record<string, object> };
  /** What `tsc --strict` said of the tour and the client, which it also emitted to `out/`. */
  let diagnostics: string;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    dataDir = database.dataDir;
    app = await startTestApp(database);
    receiver = await new WebhookReceiver().start();
    owner = await signUp(app.client, { first_name: 'Olu', last_name: 'Owner', organisation_name: 'Tour Ltd' });
    dir = mkdtempSync(path.join(tmpdir(), 'typed-client-'));
    // Read before tsc blocks this process for seconds: a request after it could reuse a socket the server is closing.
    document = (await app.client.get('/api/schema/')).body;
    writeFileSync(path.join(dir, 'schema.ts'), generateTypes(document));
    copyFileSync(path.join(CLIENT_DIR, 'client.ts.txt'), path.join(dir, 'client.ts'));
    copyFileSync(path.join(CLIENT_DIR, 'tour.ts.txt'), path.join(dir, 'tour.ts'));
    mkdirSync(path.join(dir, 'out'));
    writeFileSync(path.join(dir, 'out/package.json'), JSON.stringify({ type: 'module' }));
    diagnostics = typeCheck(path.join(dir, 'tour.ts'), path.join(dir, 'out'));
  }, 120_000);

  /** The person's one-click unsubscribe link of a kind, as the e-mails carry it. */
  async function unsubscribeLinkOf(user: TestUser, kind: string): Promise<{ person: string; kind: string; signature: string }> {
    const person = await app.application.container.get<PersonRepository>(PERSON_TOKENS.PersonRepository).findByEmail(user.email);
    const link = new URL(app.application.container.get(UnsubscribeLinks).linkFor(person!, kind));
    return { person: link.searchParams.get('person')!, kind: link.searchParams.get('kind')!, signature: link.searchParams.get('signature')! };
  }

  afterAll(async () => {
    await app.close();
    await receiver.close();
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('type-checks under --strict: the calls it makes, and the mistakes it must refuse (@ts-expect-error)', () => {
    expect(diagnostics).toBe('');
  });

  it('calls every operation the document lists', () => {
    expect(operationsOf(document).length).toBeGreaterThan(90);
    expect(uncalled(document, readFileSync(path.join(CLIENT_DIR, 'tour.ts.txt'), 'utf8'))).toEqual([]);
  });

  it('notices an operation the client does not call (the check itself can fail)', () => {
    const source = readFileSync(path.join(CLIENT_DIR, 'tour.ts.txt'), 'utf8');
    const grown = { ...document, paths: { ...document.paths, '/api/v1.0/organisation/{org}/invoices/': { get: {}, post: {} } } };
    expect(uncalled(grown, source)).toEqual(['GET /api/v1.0/organisation/{org}/invoices/', 'POST /api/v1.0/organisation/{org}/invoices/']);
    // A call marked as a mistake the types refuse is no use of its operation.
    const calls = [
      "  // @ts-expect-error no such parameter\n  await owner.call('get', '/healthz', { query: { x: 1 } });",
      "  const me = await owner.call('put', '/api/v1.0/me/', {\n    // @ts-expect-error no such field\n    json: { x: 1 },\n  });",
      "  await owner.call('get', '/readyz', {});",
    ];
    expect(operationsCalledIn(`export async function tour() {\n${calls.join('\n')}\n}\n`)).toEqual(['GET /readyz']);
    expect(operationsCalledIn(`async function elsewhere() {\n${calls.join('\n')}\n}\n`)).toEqual([]);
  });

  it('runs against the app: every operation answers 2xx as the document describes it, and the tour sees what it did', async () => {
    expect(diagnostics).toBe('');
    const result = await runTour(path.join(dir, 'out/tour.js'), {
      baseUrl: app.client.baseUrl,
      owner: { email: owner.email, password: owner.password, organisation: owner.organisationUniqueId, personUniqueId: owner.personUniqueId },
      webhookUrl: receiver.url,
      png: PICTURE_FILES.png.bytes.toString('base64'),
      suffix: owner.organisationUniqueId.slice(0, 8).toLowerCase(),
      unsubscribe: await unsubscribeLinkOf(owner, 'expense.paid'),
    });

    // Each request and answer as the document says, so the types the client trusted were the truth.
    const description = await validatorFor(app.client.baseUrl);
    for (const call of result.calls) {
      description.check(call.method, call.url, { status: call.status, headers: new Headers(call.responseHeaders), text: call.responseText });
      const body = call.requestParts ? formOf(call.requestParts) : (call.requestText ?? undefined);
      description.checkRequest(call.method, call.url, { contentType: call.requestType ?? undefined, body }, call.status);
    }
    const answered = new Set(result.calls.filter((call) => call.status < 300).map((call) => `${call.method} ${call.template}`));
    expect(operationsOf(document).filter((operation) => !answered.has(operation))).toEqual([]);

    const { seen } = result;
    expect(seen).toMatchObject({
      health: 'ok',
      readiness: 'ready',
      openapi: '3.1.0',
      docsPageHasSwaggerUi: true,
      newcomer: {
        signedUp: expect.stringMatching(/^newcomer-/),
        loggedIn: expect.stringMatching(/^newcomer-/),
        afterPasswordChange: expect.stringMatching(/^newcomer-/),
        sessionAfterLogout: null,
        exported: expect.stringMatching(/^newcomer-/),
        exportedMemberships: 1,
      },
      me: { email: owner.email, jobTitle: 'Founder', city: 'Nairobi' },
      notifications: { digest: 'immediate', rejected: false, paidAfterUnsubscribe: false, deliveries: 0 },
      picture: { uploadedBytes: PICTURE_FILES.png.bytes.length, downloadedBytes: PICTURE_FILES.png.bytes.length, urlAfterRemoval: null },
      logo: { downloadedBytes: PICTURE_FILES.png.bytes.length, urlAfterRemoval: null },
      secondOrganisation: { name: 'Second Trading Ltd', description: 'Guided tours' },
      expenseStatuses: ['draft', 'draft', 'submitted', 'rejected', 'submitted', 'approved'],
      receiptBytes: PICTURE_FILES.png.bytes.length,
      salesStages: expect.arrayContaining(['Site visit']),
      clients: ['Acme Group'],
      projects: ['Office fit-out (Acme Group): 500.00'],
      leads: ['Office fit-out, two floors'],
      vendors: ['Kettle & Co'],
      contactGroups: ['Key suppliers'],
      contacts: ['Kofi Mensah'],
      webhook: { events: ['vendor.created', 'vendor.deleted'], ping: { succeeded: true, status: 200 }, deliveries: 1 },
      reports: { pipelineOpen: 1, followUps: ['Kettle & Co'], projects: ['Office fit-out: 0.00 of 500.00, 0.00 %'] },
    });
    expect(seen.stylesheetBytes).toBeGreaterThan(1000);
    expect(seen.accounts).toContain('Tour travel');
    expect(seen.accounts).not.toContain('Sundries');
    expect(seen.organisations).toEqual(expect.arrayContaining(['Tour Ltd', 'Second Ltd']));
    expect(seen.invitation.membersWithInvitee).toContain(seen.invitation.invitee);
    expect(seen.invitation.membersAfterRemoval).not.toContain(seen.invitation.invitee);
    expect(seen.invitation.resentStatus).toBe('pending');
    expect(seen.expensesCsvHeader).toMatch(/^unique_id,title,expense_number,status,/);
    expect(seen.expenseHistoryActions).toEqual(['reject', 'submit', 'updated', 'updated', 'created']);
    expect(seen.reports.expenseGroups).toEqual(['Approved: 12.00', 'Total: 12.00']);
    expect(seen.activityModels).toEqual(expect.arrayContaining(['expense', 'vendor']));

    // What happened outside the API: the invitation mail named the link the tour followed, the ping reached the endpoint.
    // The mail goes out in the background: looked for until the worker has written it.
    const outbox = path.join(dataDir, 'outbox');
    // The invitee is invited twice (to each organisation): every mail to them, whatever order the outbox lists them in.
    const mailsTo = (email: string) => {
      try {
        const files = readdirSync(outbox);
        const mails = files.flatMap((file) => {
          try {
            return [JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string }];
          } catch {
            return []; // still being written
          }
        });
        return mails.filter((mail) => mail.to === email);
      } catch {
        return []; // no mail yet
      }
    };
    const link = `/api/v1.0/invitations/${seen.invitation.token}/accept/`;
    const followed = () => mailsTo(seen.invitation.invitee).find((mail) => mail.text.includes(link));
    for (let look = 0; look < 400 && !followed(); look += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(followed()?.text).toContain(link);
    expect(receiver.ofType('webhook.ping')).toHaveLength(1);
  }, 120_000);

  it('notices a client the types refuse (the check itself can fail)', () => {
    writeFileSync(
      path.join(dir, 'wrong.ts'),
      "import type { paths } from './schema';\nexport const page: paths['/api/v1.0/organisation/{org}/vendors/']['get']['parameters']['query'] = { page_size: 'many' };\n",
    );
    expect(typeCheck(path.join(dir, 'wrong.ts'))).toMatch(/error TS2322/);
  }, 120_000);
});
