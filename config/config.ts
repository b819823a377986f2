import type { S3StorageOptions } from '../adapters/file-storage/s3-file-storage';
import type { DatabaseBounds } from '../adapters/persistence/typeorm/data-source';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/** One validated configuration, read from the environment (see README, "Configuration"). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Postgres: connections that statements outside a transaction are pipelined on (0: none, the pool carries them). */
  databasePipelines: number;
  /** Postgres: the longest waits for the database (`DATABASE_*_TIMEOUT_MS`), past which a request answers 503. */
  databaseBounds: DatabaseBounds;
  logLevel: string;
  production: boolean;
  sessionLifetimeSeconds: number;
  timeZone: string;
  /** The hour (0–23, in TIME_ZONE) from which a day's follow-up reminders and digests go out (`NOTIFICATION_HOUR`). */
  notificationHour: number;
  cookieSecure: boolean;
  trustProxy: boolean;
  basicAuthCacheSeconds: number;
  loginThrottle: { perEmail: number; perClient: number; windowSeconds: number };
  /** scrypt's N as a power of two for new hashes (older ones are re-hashed at login), and how many run at once. */
  passwordHashing: { log2N: number; concurrency: number };
  /** Base64 of 32 bytes; absent outside production means "generate one into the data directory". */
  fieldEncryptionKey: string | undefined;
  /** The address clients reach the API at, for links in e-mails. */
  publicBaseUrl: string;
  /**
   * The origin of the links in answers (`receipt_url`, `Link`) when
   * `PUBLIC_BASE_URL` is set; otherwise they follow the request's `Host`.
   */
  publicOrigin: string | undefined;
  /** Invitation e-mails (new and resent) per organisation per day. */
  invitationsPerOrganisationPerDay: number;
  /** Days a closed organisation can still be restored by its owner before its data is deleted (`ORGANISATION_DELETION_GRACE_DAYS`). */
  organisationDeletionGraceDays: number;
  /** Sign-ups and invitation accepts that make an account, per client address per hour. */
  newAccountsPerClientPerHour: number;
  /** Requests an API key may make a minute, over every instance (`API_KEY_REQUESTS_PER_MINUTE`). */
  apiKeyRequestsPerMinute: number;
  /** Origins besides the service's own whose browser pages may change state (`CSRF_TRUSTED_ORIGINS`). */
  csrfTrustedOrigins: string[];
  /** Origins of browser front ends allowed to call the API, credentials included (`CORS_ORIGINS`). */
  corsOrigins: string[];
  /** `smtp://` or `smtps://` with credentials (a secret); absent means the development outbox. */
  smtpUrl: string | undefined;
  /** The sender of every e-mail: `addr@host` or `Name <addr@host>`. */
  mailFrom: string;
  /** Server processes on the port (`WORKERS`, `auto` = one per core). */
  workers: number;
  /** After SIGTERM, the longest in-flight requests have before their connections are cut and the process exits (`SHUTDOWN_TIMEOUT_MS`). */
  shutdownTimeoutMs: number;
  /** `redis://…` (may carry a password): short-lived shared state there rather than in the database. */
  redisUrl: string | undefined;
  /**
   * How long a rate-limit count may wait for Redis (`REDIS_COMMAND_TIMEOUT_MS`) and for a connection to it
   * (`REDIS_CONNECT_TIMEOUT_MS`) before this process counts alone (docs/decisions/dependency-failures.md).
   */
  redisTimeouts: { commandMs: number; connectMs: number };
  /** Where receipts and pictures live: `DATA_DIR/receipts` and `DATA_DIR/pictures`, or an S3-compatible bucket (`STORAGE_URL=s3://bucket/prefix`). */
  storage: StorageConfig;
  /**
   * Webhooks: whether this process delivers (`WEBHOOK_DELIVERY`, off when a
   * separate `npm run webhooks` process does), and how often it looks for due
   * deliveries (`WEBHOOK_POLL_MS`).
   */
  webhooks: { deliver: boolean; pollMs: number };
  /** The most rows a CSV import runs within its request (`IMPORT_SYNC_MAX_ROWS`); a larger file runs in the background. */
  importSyncMaxRows: number;
  /** The bearer token `GET /metrics` takes (`METRICS_TOKEN`, a secret); absent: metrics are not served. */
  metricsToken: string | undefined;
}

/** Receipts and pictures on the local disk, or in an S3-compatible bucket (the credentials are secrets). */
export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StorageOptions);

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}.`);
      return fallback;
    }
    return value;
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false.`);
    return fallback;
  };

  const databaseUrl = secret(env, 'DATABASE_URL', problems);
  if (databaseUrl && !/^(postgres(ql)?:\/\/|sqlite:\/\/)/.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or sqlite://.');
  }
  const timeZone = env.TIME_ZONE || 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    problems.push(`TIME_ZONE "${timeZone}" is not an IANA time zone.`);
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.');
  }
  const fieldEncryptionKey = secret(env, 'FIELD_ENCRYPTION_KEY', problems);
  if (fieldEncryptionKey && Buffer.from(fieldEncryptionKey, 'base64').length !== 32) {
    problems.push('FIELD_ENCRYPTION_KEY must be the base64 of 32 random bytes.');
  }
  const production = env.NODE_ENV === 'production';
  if (production && !fieldEncryptionKey) problems.push('FIELD_ENCRYPTION_KEY (or _FILE) is required in production.');

  const port = integer('PORT', 8000, 0, 65535);
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicBaseUrl)) problems.push('PUBLIC_BASE_URL must be an http(s) URL.');
  // Without it, links in answers follow the request's Host header, which any client chooses.
  if (production && !env.PUBLIC_BASE_URL) {
    problems.push("PUBLIC_BASE_URL is required in production: links in answers would otherwise follow the request's Host header.");
  }
  // The URL carries a password: problems name the variable, never its value.
  const smtpUrl = secret(env, 'SMTP_URL', problems);
  if (smtpUrl && !isSmtpUrl(smtpUrl)) problems.push('SMTP_URL must be an smtp:// or smtps:// URL with a host.');
  const mailFrom = env.MAIL_FROM || 'no-reply@localhost';
  if (!MAIL_FROM.test(mailFrom)) problems.push('MAIL_FROM must be an e-mail address, optionally as "Name <address>".');
  const redisUrl = secret(env, 'REDIS_URL', problems);
  if (redisUrl && !/^rediss?:\/\/./.test(redisUrl)) problems.push('REDIS_URL must be a redis:// or rediss:// URL.');
  const origins = (name: string): string[] => {
    const listed = (env[name] ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
    for (const origin of listed) {
      if (!/^https?:\/\//.test(origin) || originOf(origin) !== origin) {
        problems.push(`${name} must list origins such as https://app.example.com (not ${JSON.stringify(origin)}).`);
      }
    }
    return listed;
  };
  const csrfTrustedOrigins = origins('CSRF_TRUSTED_ORIGINS');
  const corsOrigins = origins('CORS_ORIGINS');
  const config: AppConfig = {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    databasePipelines: integer('DATABASE_PIPELINES', 2, 0, 16),
    databaseBounds: {
      connectMs: integer('DATABASE_CONNECT_TIMEOUT_MS', 5000, 100, 600_000),
      poolWaitMs: integer('DATABASE_POOL_TIMEOUT_MS', 5000, 100, 600_000),
      statementMs: integer('DATABASE_STATEMENT_TIMEOUT_MS', 10_000, 100, 3_600_000),
    },
    logLevel,
    production,
    sessionLifetimeSeconds: integer('SESSION_LIFETIME_SECONDS', 14 * 24 * 3600, 60, 365 * 24 * 3600),
    timeZone,
    notificationHour: integer('NOTIFICATION_HOUR', 8, 0, 23),
    cookieSecure: flag('COOKIE_SECURE', production),
    trustProxy: flag('TRUST_PROXY', false),
    basicAuthCacheSeconds: integer('BASIC_AUTH_CACHE_SECONDS', 60, 0, 3600),
    loginThrottle: {
      perEmail: integer('LOGIN_FAILURES_PER_EMAIL', 10, 1, 1_000_000),
      perClient: integer('LOGIN_FAILURES_PER_CLIENT', 100, 1, 1_000_000),
      windowSeconds: integer('LOGIN_THROTTLE_WINDOW_SECONDS', 900, 1, 86_400),
    },
    passwordHashing: {
      log2N: integer('PASSWORD_HASH_LOG2_N', 17, 14, 20),
      concurrency: integer('PASSWORD_HASHES_AT_ONCE', 2, 1, 64),
    },
    fieldEncryptionKey,
    publicBaseUrl,
    publicOrigin: env.PUBLIC_BASE_URL ? originOf(publicBaseUrl) : undefined,
    csrfTrustedOrigins,
    corsOrigins,
    newAccountsPerClientPerHour: integer('NEW_ACCOUNTS_PER_CLIENT_PER_HOUR', 20, 1, 1_000_000),
    apiKeyRequestsPerMinute: integer('API_KEY_REQUESTS_PER_MINUTE', 600, 1, 1_000_000),
    invitationsPerOrganisationPerDay: integer('INVITATIONS_PER_ORGANISATION_PER_DAY', 50, 1, 1_000_000),
    organisationDeletionGraceDays: integer('ORGANISATION_DELETION_GRACE_DAYS', 30, 1, 3650),
    smtpUrl,
    mailFrom,
    workers: env.WORKERS === 'auto' ? availableParallelism() : integer('WORKERS', 1, 1, 64),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 2000, 600_000),
    redisUrl,
    redisTimeouts: {
      commandMs: integer('REDIS_COMMAND_TIMEOUT_MS', 100, 10, 60_000),
      connectMs: integer('REDIS_CONNECT_TIMEOUT_MS', 1000, 100, 60_000),
    },
    storage: storageConfig(env, problems, { flag, integer }),
    webhooks: { deliver: flag('WEBHOOK_DELIVERY', true), pollMs: integer('WEBHOOK_POLL_MS', 1000, 10, 60_000) },
    importSyncMaxRows: integer('IMPORT_SYNC_MAX_ROWS', 1000, 0, 1000),
    metricsToken: secret(env, 'METRICS_TOKEN', problems),
  };
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return config;
}

/** The scheme, host and port of a URL; undefined for one that does not parse (its problem is already named). */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** `address@host` or `Display Name <address@host>`, on one line. */
const MAIL_FROM = /^(?:[^\r\n<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A bucket name as S3 allows it: 3 to 63 lower-case letters, digits, dots and hyphens. */
const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Path segments of plain characters: no `.`/`..` a store might normalise, nothing that needs escaping. */
const S3_PREFIX = /^(?!\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._-]+)*$/;

/**
 * `STORAGE_URL` and the S3 variables. They are read only for `s3://`: AWS_* may be
 * in the environment for other tools. Problems name variables, never values
 * (a mistyped STORAGE_URL may hold credentials).
 */
function storageConfig(
  env: Env,
  problems: string[],
  { flag, integer }: { flag: (name: string, fallback: boolean) => boolean; integer: (name: string, fallback: number, min: number, max: number) => number },
): StorageConfig {
  const url = env.STORAGE_URL;
  if (!url) return { kind: 'local' };
  const match = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(url);
  const bucket = match?.[1] ?? '';
  const prefix = (match?.[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (!match || !S3_BUCKET.test(bucket) || (prefix !== '' && !S3_PREFIX.test(prefix))) {
    problems.push('STORAGE_URL must be s3://bucket or s3://bucket/prefix (a prefix of letters, digits, ".", "_", "-" and "/").');
    return { kind: 'local' };
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !isHttpUrl(endpoint)) problems.push('S3_ENDPOINT must be an http(s) URL.');
  const region = env.S3_REGION || 'us-east-1';
  if (!/^[A-Za-z0-9-]{1,63}$/.test(region)) problems.push('S3_REGION must be a region name such as us-east-1.');
  const accessKeyId = secret(env, 'AWS_ACCESS_KEY_ID', problems);
  const secretAccessKey = secret(env, 'AWS_SECRET_ACCESS_KEY', problems);
  if (!accessKeyId !== !secretAccessKey) {
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or their _FILE) must be set together.');
  }
  return {
    kind: 's3',
    bucket,
    prefix,
    ...(endpoint && { endpoint }),
    region,
    ...(accessKeyId && secretAccessKey && { accessKeyId, secretAccessKey }),
    forcePathStyle: flag('S3_FORCE_PATH_STYLE', false),
    bounds: {
      connectMs: integer('S3_CONNECT_TIMEOUT_MS', 5000, 100, 600_000),
      requestMs: integer('S3_REQUEST_TIMEOUT_MS', 10_000, 100, 3_600_000),
      attempts: integer('S3_MAX_ATTEMPTS', 2, 1, 10),
    },
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `NAME` from the environment, or the contents of the file named by `NAME_FILE`. */
function secret(env: Env, name: string, problems: string[]): string | undefined {
  const file = env[`${name}_FILE`];
  if (file) {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      problems.push(`${name}_FILE names a file that cannot be read.`);
      return undefined;
    }
  }
  return env[name] || undefined;
}
