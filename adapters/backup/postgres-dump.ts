import { spawn } from 'node:child_process';
import { Client } from 'pg';
import { BackupError } from './backup-manifest';

/**
 * `pg_dump` and `pg_restore`, the PostgreSQL client tools, on the configured
 * database. The password never appears on a command line (any user of the
 * host may read those) nor in what is said: it goes to the tools in
 * `PGPASSWORD`, and the URL they are given is the one without it.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${withoutPassword(databaseUrl)}`], databaseUrl);
}

/**
 * Restores a custom-format dump in one transaction: on an error nothing of it
 * stays. Ownership and grants are the target's (the role of DATABASE_URL owns
 * what it restores); comments are left out, the schema has none of its own and
 * the one on the `pg_trgm` extension would stop a role that does not own it.
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--no-comments', '--exit-on-error', '--single-transaction', '--no-password', `--dbname=${withoutPassword(databaseUrl)}`, file],
    databaseUrl,
  );
}

/** The tables, views and sequences the database already holds outside the system's schemas (none: it is empty). */
export async function relationsIn(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'`,
    );
    return Number(rows[0]!.count);
  } catch (error) {
    throw new BackupError(`The database of DATABASE_URL did not answer: ${redacted(String((error as Error).message), databaseUrl)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function run(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const password = passwordOf(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...(password !== undefined && { PGPASSWORD: password }) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') reject(new BackupError(missingTool(tool)));
      else reject(new BackupError(`${tool} could not be run (${error.code ?? error.message}).`));
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit code ${code}): ${redacted(stderr.trim(), databaseUrl) || 'it said nothing'}`));
    });
  });
}

function missingTool(tool: string): string {
  return (
    `${tool} was not found on PATH: the PostgreSQL client tools are needed to ${tool === 'pg_dump' ? 'back up' : 'restore'} a Postgres database. ` +
    'Install those of the server\'s major version or newer (Debian and Ubuntu: apt-get install postgresql-client-<major>; ' +
    'the official postgres image has them), or back the database up with your provider\'s snapshots or point-in-time recovery instead.'
  );
}

function passwordOf(databaseUrl: string): string | undefined {
  try {
    const password = new URL(databaseUrl).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}

/** The URL without its password (libpq takes it from `PGPASSWORD`). */
export function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    return url.toString();
  } catch {
    throw new BackupError('DATABASE_URL is not a URL the PostgreSQL client tools can take.');
  }
}

/** What a tool said, with the password (as written and decoded) taken out, in case it ever echoed it. */
function redacted(text: string, databaseUrl: string): string {
  let result = text;
  const raw = (() => {
    try {
      return new URL(databaseUrl).password;
    } catch {
      return '';
    }
  })();
  for (const secret of [raw, passwordOf(databaseUrl) ?? '']) if (secret.length > 0) result = result.split(secret).join('***');
  return result;
}
