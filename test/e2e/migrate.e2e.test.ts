import BetterSqlite3 from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrations } from '../../adapters/persistence/typeorm/registry';

const ROOT = path.resolve(__dirname, '../..');

/** `npm run migrate`: the migrations alone, before a rolling deploy starts new instances. */
describe('the migrate command', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'migrate-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const migrate = () =>
    spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'config/migrate.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', TS_NODE_TRANSPILE_ONLY: 'true' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('applies every pending migration once and exits 0, then finds nothing to do', () => {
    const first = migrate();
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('"msg":"migrated"');
    const second = migrate();
    expect(second.status).toBe(0);

    const db = new BetterSqlite3(path.join(dataDir, 'app.db'), { readonly: true });
    try {
      const applied = (db.prepare('SELECT name FROM migrations ORDER BY id').all() as { name: string }[]).map((row) => row.name);
      expect(applied).toEqual(migrations.map((migration) => migration.name));
    } finally {
      db.close();
    }
  });

  it('says what is wrong with the configuration, and exits 1', () => {
    const result = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'config/migrate.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'mysql://nope', TS_NODE_TRANSPILE_ONLY: 'true' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL must start with postgres:// or sqlite://.');
  });
});
