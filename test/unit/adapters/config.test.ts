import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createLogger } from '../../../adapters/system/logger';
import { ConfigError, loadConfig } from '../../../config/config';

const KEY = randomBytes(32).toString('base64');
const STORAGE_URL_PROBLEM = 'STORAGE_URL must be s3://bucket or s3://bucket/prefix (a prefix of letters, digits, ".", "_", "-" and "/").';
const PUBLIC_BASE_URL_PROBLEM = "PUBLIC_BASE_URL is required in production: links in answers would otherwise follow the request's Host header.";
const S3_CREDENTIALS_PROBLEM = 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or their _FILE) must be set together.';

/** The problems listed by the ConfigError that `env` raises; fails when it loads. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const [heading, ...problems] = (error as Error).message.split('\n');
    expect(heading).toBe('Invalid configuration:');
    return problems.map((line) => line.replace(/^- /, ''));
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults', () => {
  it('gives a working development configuration from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      apiKeyRequestsPerMinute: 600,
      port: 8000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      databasePipelines: 2,
      databaseBounds: { connectMs: 5000, poolWaitMs: 5000, statementMs: 10_000 },
      logLevel: 'info',
      production: false,
      sessionLifetimeSeconds: 14 * 24 * 3600,
      timeZone: 'UTC',
      cookieSecure: false,
      trustProxy: false,
      basicAuthCacheSeconds: 60,
      loginThrottle: { perEmail: 10, perClient: 100, windowSeconds: 900 },
      passwordHashing: { log2N: 17, concurrency: 2 },
      fieldEncryptionKey: undefined,
      publicBaseUrl: 'http://localhost:8000',
      publicOrigin: undefined,
      csrfTrustedOrigins: [],
      newAccountsPerClientPerHour: 20,
      invitationsPerOrganisationPerDay: 50,
      organisationDeletionGraceDays: 30,
      smtpUrl: undefined,
      mailFrom: 'no-reply@localhost',
      workers: 1,
      shutdownTimeoutMs: 10_000,
      redisUrl: undefined,
      redisTimeouts: { commandMs: 100, connectMs: 1000 },
      storage: { kind: 'local' },
      webhooks: { deliver: true, pollMs: 1000 },
      notificationHour: 8,
      importSyncMaxRows: 1000,
      corsOrigins: [],
      metricsToken: undefined,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '', TIME_ZONE: '', COOKIE_SECURE: '' })).toMatchObject({
      port: 8000,
      logLevel: 'info',
      timeZone: 'UTC',
      cookieSecure: false,
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/api',
      DATABASE_URL: 'postgres://api@db/api',
      LOG_LEVEL: 'warn',
      SESSION_LIFETIME_SECONDS: '3600',
      TIME_ZONE: 'Africa/Nairobi',
      NOTIFICATION_HOUR: '0',
      TRUST_PROXY: 'yes',
      BASIC_AUTH_CACHE_SECONDS: '0',
      LOGIN_FAILURES_PER_EMAIL: '5',
      LOGIN_FAILURES_PER_CLIENT: '50',
      LOGIN_THROTTLE_WINDOW_SECONDS: '60',
      FIELD_ENCRYPTION_KEY: KEY,
      PUBLIC_BASE_URL: 'https://api.example.com//',
      SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465',
      MAIL_FROM: 'Acme Books <books@acme.example>',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/api',
      databaseUrl: 'postgres://api@db/api',
      logLevel: 'warn',
      sessionLifetimeSeconds: 3600,
      timeZone: 'Africa/Nairobi',
      notificationHour: 0,
      trustProxy: true,
      basicAuthCacheSeconds: 0,
      loginThrottle: { perEmail: 5, perClient: 50, windowSeconds: 60 },
      fieldEncryptionKey: KEY,
      publicBaseUrl: 'https://api.example.com',
      publicOrigin: 'https://api.example.com',
      smtpUrl: 'smtps://mailer:s3cret@smtp.example.com:465',
      mailFrom: 'Acme Books <books@acme.example>',
    });
  });

  it('keeps a closed organisation 30 days by default, or the days given', () => {
    expect(loadConfig({ ORGANISATION_DELETION_GRACE_DAYS: '7' }).organisationDeletionGraceDays).toBe(7);
  });

  it('runs one server process by default, a given number, or one per core', () => {
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ WORKERS: 'auto' }).workers).toBe(availableParallelism());
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '30000' }).shutdownTimeoutMs).toBe(30_000);
  });

  it('pipelines Postgres statements on two connections by default, on a given number, or none', () => {
    expect(loadConfig({}).databasePipelines).toBe(2);
    expect(loadConfig({ DATABASE_PIPELINES: '4' }).databasePipelines).toBe(4);
    expect(loadConfig({ DATABASE_PIPELINES: '0' }).databasePipelines).toBe(0);
  });

  it('reads the trusted origins of browser pages, none by default', () => {
    expect(loadConfig({}).csrfTrustedOrigins).toEqual([]);
    expect(loadConfig({ CSRF_TRUSTED_ORIGINS: 'https://app.example.com, http://localhost:3000' }).csrfTrustedOrigins).toEqual([
      'https://app.example.com',
      'http://localhost:3000',
    ]);
  });

  it('derives the public URL from the port, and then leaves links to follow the request', () => {
    expect(loadConfig({ PORT: '8123' }).publicBaseUrl).toBe('http://localhost:8123');
    expect(loadConfig({ PORT: '8123' }).publicOrigin).toBeUndefined();
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://example.com:8443/books/' }).publicOrigin).toBe('https://example.com:8443');
  });

  it('makes cookies secure by default in production only, unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: KEY, PUBLIC_BASE_URL: 'https://api.example.com' })).toMatchObject({ production: true, cookieSecure: true });
    expect(loadConfig({ NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: KEY, PUBLIC_BASE_URL: 'https://api.example.com', COOKIE_SECURE: 'off' }).cookieSecure).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: 'TRUE' }).cookieSecure).toBe(true);
  });

  it('keeps receipts in an S3-compatible bucket under a prefix when STORAGE_URL names one', () => {
    const config = loadConfig({
      STORAGE_URL: 's3://acme-receipts/prod/receipts/',
      S3_ENDPOINT: 'https://s3.eu-central.example.com',
      S3_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'hunter2',
      S3_FORCE_PATH_STYLE: 'yes',
      S3_CONNECT_TIMEOUT_MS: '2000',
      S3_REQUEST_TIMEOUT_MS: '30000',
      S3_MAX_ATTEMPTS: '3',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'acme-receipts',
      prefix: 'prod/receipts',
      endpoint: 'https://s3.eu-central.example.com',
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'hunter2',
      forcePathStyle: true,
      bounds: { connectMs: 2000, requestMs: 30_000, attempts: 3 },
    });
  });

  it("uses a bucket's root, AWS's us-east-1, the SDK's own credentials and bounded waits when only the bucket is named", () => {
    expect(loadConfig({ STORAGE_URL: 's3://acme-receipts' }).storage).toEqual({
      kind: 's3',
      bucket: 'acme-receipts',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
      bounds: { connectMs: 5000, requestMs: 10_000, attempts: 2 },
    });
  });

  it('ignores the S3 variables while receipts stay on disk', () => {
    expect(loadConfig({ S3_ENDPOINT: 'not a url', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_FORCE_PATH_STYLE: 'perhaps' }).storage).toEqual({
      kind: 'local',
    });
  });
});

describe('loadConfig validation', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer from 0 to 65535.'],
    [{ PORT: '65536' }, 'PORT must be an integer from 0 to 65535.'],
    [{ WORKERS: '0' }, 'WORKERS must be an integer from 1 to 64.'],
    [{ ORGANISATION_DELETION_GRACE_DAYS: '0' }, 'ORGANISATION_DELETION_GRACE_DAYS must be an integer from 1 to 3650.'],
    [{ SHUTDOWN_TIMEOUT_MS: '500' }, 'SHUTDOWN_TIMEOUT_MS must be an integer from 2000 to 600000.'],
    [{ DATABASE_PIPELINES: '17' }, 'DATABASE_PIPELINES must be an integer from 0 to 16.'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL.'],
    [{ PORT: '80.5' }, 'PORT must be an integer from 0 to 65535.'],
    [{ PASSWORD_HASH_LOG2_N: '12' }, 'PASSWORD_HASH_LOG2_N must be an integer from 14 to 20.'],
    [{ SESSION_LIFETIME_SECONDS: '59' }, 'SESSION_LIFETIME_SECONDS must be an integer from 60 to 31536000.'],
    [{ BASIC_AUTH_CACHE_SECONDS: '-1' }, 'BASIC_AUTH_CACHE_SECONDS must be an integer from 0 to 3600.'],
    [{ LOGIN_FAILURES_PER_EMAIL: '0' }, 'LOGIN_FAILURES_PER_EMAIL must be an integer from 1 to 1000000.'],
    [{ LOGIN_THROTTLE_WINDOW_SECONDS: '86401' }, 'LOGIN_THROTTLE_WINDOW_SECONDS must be an integer from 1 to 86400.'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false.'],
    [{ TIME_ZONE: 'Mars/Olympus_Mons' }, 'TIME_ZONE "Mars/Olympus_Mons" is not an IANA time zone.'],
    [{ NOTIFICATION_HOUR: '24' }, 'NOTIFICATION_HOUR must be an integer from 0 to 23.'],
    [{ NOTIFICATION_HOUR: '7.5' }, 'NOTIFICATION_HOUR must be an integer from 0 to 23.'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.'],
    [{ DATABASE_URL: 'mysql://db/api' }, 'DATABASE_URL must start with postgres:// or sqlite://.'],
    [{ FIELD_ENCRYPTION_KEY: randomBytes(16).toString('base64') }, 'FIELD_ENCRYPTION_KEY must be the base64 of 32 random bytes.'],
    [{ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://api.example.com' }, 'FIELD_ENCRYPTION_KEY (or _FILE) is required in production.'],
    [{ NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: KEY }, PUBLIC_BASE_URL_PROBLEM],
    [{ NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: KEY, PUBLIC_BASE_URL: '' }, PUBLIC_BASE_URL_PROBLEM],
    [{ PUBLIC_BASE_URL: 'ftp://files.example.com' }, 'PUBLIC_BASE_URL must be an http(s) URL.'],
    [{ CSRF_TRUSTED_ORIGINS: 'https://app.example.com/path' }, 'CSRF_TRUSTED_ORIGINS must list origins such as https://app.example.com (not "https://app.example.com/path").'],
    [{ SMTP_URL: 'http://user:hunter2@smtp.example.com' }, 'SMTP_URL must be an smtp:// or smtps:// URL with a host.'],
    [{ SMTP_URL: 'smtp.example.com:587' }, 'SMTP_URL must be an smtp:// or smtps:// URL with a host.'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM must be an e-mail address, optionally as "Name <address>".'],
    [{ MAIL_FROM: 'a@b.example\r\nBcc: c@d.example' }, 'MAIL_FROM must be an e-mail address, optionally as "Name <address>".'],
    [{ REDIS_COMMAND_TIMEOUT_MS: '5' }, 'REDIS_COMMAND_TIMEOUT_MS must be an integer from 10 to 60000.'],
    [{ REDIS_CONNECT_TIMEOUT_MS: 'soon' }, 'REDIS_CONNECT_TIMEOUT_MS must be an integer from 100 to 60000.'],
    [{ STORAGE_URL: 'file:///var/lib/receipts' }, STORAGE_URL_PROBLEM],
    [{ STORAGE_URL: 's3:/acme-receipts' }, STORAGE_URL_PROBLEM],
    [{ STORAGE_URL: 's3://' }, STORAGE_URL_PROBLEM],
    [{ STORAGE_URL: 's3://Acme_Receipts' }, STORAGE_URL_PROBLEM],
    [{ STORAGE_URL: 's3://acme-receipts/../other' }, STORAGE_URL_PROBLEM],
    [{ STORAGE_URL: 's3://acme-receipts/a//b' }, STORAGE_URL_PROBLEM],
    [{ STORAGE_URL: 's3://acme-receipts', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL.'],
    [{ STORAGE_URL: 's3://acme-receipts', S3_REGION: 'eu central' }, 'S3_REGION must be a region name such as us-east-1.'],
    [{ STORAGE_URL: 's3://acme-receipts', S3_FORCE_PATH_STYLE: 'perhaps' }, 'S3_FORCE_PATH_STYLE must be true or false.'],
    [{ STORAGE_URL: 's3://acme-receipts', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, S3_CREDENTIALS_PROBLEM],
    [{ STORAGE_URL: 's3://acme-receipts', AWS_SECRET_ACCESS_KEY: 'hunter2' }, S3_CREDENTIALS_PROBLEM],
    [{ STORAGE_URL: 's3://acme-receipts', S3_CONNECT_TIMEOUT_MS: '0' }, 'S3_CONNECT_TIMEOUT_MS must be an integer from 100 to 600000.'],
    [{ STORAGE_URL: 's3://acme-receipts', S3_REQUEST_TIMEOUT_MS: 'never' }, 'S3_REQUEST_TIMEOUT_MS must be an integer from 100 to 3600000.'],
    [{ STORAGE_URL: 's3://acme-receipts', S3_MAX_ATTEMPTS: '0' }, 'S3_MAX_ATTEMPTS must be an integer from 1 to 10.'],
  ])('refuses %j', (env, problem) => {
    expect(problemsOf(env)).toEqual([problem]);
  });

  it('accepts the database URL schemes it supports', () => {
    for (const url of ['postgres://u@h/db', 'postgresql://u@h/db', 'sqlite:///var/lib/api/db.sqlite']) {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });

  it('accepts smtp:// and smtps:// URLs, and a bare sender address', () => {
    for (const url of ['smtp://smtp.example.com', 'smtp://u:p%40ss@127.0.0.1:2525', 'smtps://u:p@smtp.example.com:465']) {
      expect(loadConfig({ SMTP_URL: url }).smtpUrl).toBe(url);
    }
    expect(loadConfig({ MAIL_FROM: 'books@acme.example' }).mailFrom).toBe('books@acme.example');
  });

  it('never repeats a STORAGE_URL, which may have been given credentials, in a problem', () => {
    const [problem] = problemsOf({ STORAGE_URL: 's3://AKIAEXAMPLE:hunter2@acme-receipts/receipts' });
    expect(problem).toBe(STORAGE_URL_PROBLEM);
    expect(problem).not.toContain('hunter2');
  });

  it('never repeats the SMTP URL, which holds a password, in a problem', () => {
    const [problem] = problemsOf({ SMTP_URL: 'imap://user:hunter2@mail.example.com' });
    expect(problem).not.toContain('hunter2');
  });

  it('keeps the SMTP URL out of the log, also when the whole configuration is logged', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ SMTP_URL: 'smtp://user:hunter2@smtp.example.com:587' });
    logger.info({ config }, 'configuration');
    logger.info(config, 'configuration');
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain('hunter2');
  });

  it('lists every problem at once', () => {
    expect(problemsOf({ PORT: '-1', LOG_LEVEL: 'loud', TRUST_PROXY: 'sometimes' }).sort()).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
      'PORT must be an integer from 0 to 65535.',
      'TRUST_PROXY must be true or false.',
    ]);
  });
});

describe('secrets from files (*_FILE)', () => {
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'config-test-'));
  });

  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  const secretFile = (name: string, contents: string) => {
    const file = path.join(directory, name);
    writeFileSync(file, contents);
    return file;
  };

  it('reads a secret from the named file, trimmed, in preference to the variable', () => {
    const config = loadConfig({
      DATABASE_URL_FILE: secretFile('database-url', 'postgres://from-file@db/api\n'),
      DATABASE_URL: 'postgres://from-env@db/api',
      FIELD_ENCRYPTION_KEY_FILE: secretFile('key', `  ${KEY}\n`),
    });
    expect(config.databaseUrl).toBe('postgres://from-file@db/api');
    expect(config.fieldEncryptionKey).toBe(KEY);
  });

  it('reads the SMTP URL from a file', () => {
    expect(loadConfig({ SMTP_URL_FILE: secretFile('smtp-url', 'smtp://u:p@smtp.example.com:587\n') }).smtpUrl).toBe('smtp://u:p@smtp.example.com:587');
  });

  it('reads the S3 credentials from files, and names an unreadable one without its contents', () => {
    const storage = loadConfig({
      STORAGE_URL: 's3://acme-receipts/receipts',
      AWS_ACCESS_KEY_ID_FILE: secretFile('access-key-id', 'AKIAEXAMPLE\n'),
      AWS_SECRET_ACCESS_KEY_FILE: secretFile('secret-access-key', '  hunter2\n'),
    }).storage;
    expect(storage).toMatchObject({ kind: 's3', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'hunter2' });
    expect(
      problemsOf({
        STORAGE_URL: 's3://acme-receipts',
        AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        AWS_SECRET_ACCESS_KEY_FILE: path.join(directory, 'missing'),
      }),
    ).toEqual(['AWS_SECRET_ACCESS_KEY_FILE names a file that cannot be read.', S3_CREDENTIALS_PROBLEM]);
  });

  it('satisfies production with a key file', () => {
    const config = loadConfig({ NODE_ENV: 'production', FIELD_ENCRYPTION_KEY_FILE: secretFile('key', KEY), PUBLIC_BASE_URL: 'https://api.example.com' });
    expect(config.fieldEncryptionKey).toBe(KEY);
  });

  it('validates what the file holds', () => {
    expect(problemsOf({ DATABASE_URL_FILE: secretFile('database-url', 'mysql://db/api') })).toEqual([
      'DATABASE_URL must start with postgres:// or sqlite://.',
    ]);
  });

  it('reports a file that cannot be read', () => {
    expect(problemsOf({ FIELD_ENCRYPTION_KEY_FILE: path.join(directory, 'missing') })).toEqual([
      'FIELD_ENCRYPTION_KEY_FILE names a file that cannot be read.',
    ]);
  });
});
