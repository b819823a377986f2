import { Container } from 'inversify';
import { AesGcmSecretBox } from '../adapters/security/aes-gcm-secret-box';
import { LimiterStore, MemoryLimiterStore } from '../adapters/security/limiter-store';
import { ScryptPasswordHasher } from '../adapters/security/scrypt-password-hasher';
import { RecordingMailer } from '../adapters/system/recording-mailer';
import type { Logger } from '../adapters/system/logger';
import { SystemClock } from '../adapters/system/system-clock';
import { UuidV7Generator } from '../adapters/system/uuid-v7-generator';
import { PasswordHasher } from '../application/auth/auth.ports';
import { Mailer } from '../application/organisation/organisation.ports';
import { Clock, IdGenerator } from '../application/shared/ports';
import { AppConfig } from './config';
import { accountModule } from './modules/account.module';
import { apiKeyModule } from './modules/api-key.module';
import { authModule } from './modules/auth.module';
import { clientModule } from './modules/client.module';
import { contactGroupModule, contactModule } from './modules/contact.module';
import { projectModule } from './modules/project.module';
import { leadModule } from './modules/lead.module';
import { expenseModule } from './modules/expense.module';
import { fileStorageModule } from './modules/file-storage.module';
import { importModule } from './modules/import.module';
import { organisationModule } from './modules/organisation.module';
import { personalDataModule } from './modules/personal-data.module';
import { reportModule } from './modules/report.module';
import { salesModule } from './modules/sales.module';
import { sharedModule } from './modules/shared.module';
import { Storage } from './modules/storage';
import { vendorModule } from './modules/vendor.module';
import { webhookModule } from './modules/webhook.module';
import { notificationModule } from './modules/notification.module';
import { WebhookSender } from '../application/webhook/webhook.ports';

export interface ContainerParts {
  config: AppConfig;
  storage: Storage;
  encryptionKey: Buffer;
  /** Tests pass a fixed clock, cheap hashing or predictable ids. */
  clock?: Clock;
  hasher?: PasswordHasher;
  ids?: IdGenerator;
  /** Where e-mail goes (development: the outbox directory). */
  mailer?: Mailer;
  /** Where rate limits count (shared by every instance); process memory when absent. */
  limiters?: LimiterStore;
  /** Where the file storage says that it is away and back (none: it says nothing). */
  logger?: Logger;
  /** How webhooks leave (default: HTTP, only to public addresses in production). */
  webhookSender?: WebhookSender;
}

/**
 * The composition root: one module per area. Use cases and services are
 * plain `@injectable` classes resolved by autobinding, one instance each.
 */
export async function buildContainer(parts: ContainerParts): Promise<Container> {
  const { config, storage } = parts;
  const container = new Container({ autobind: true, defaultScope: 'Singleton' });
  const limiters = parts.limiters ?? new MemoryLimiterStore();
  await container.load(
    sharedModule(
      storage,
      parts.clock ?? new SystemClock(config.timeZone),
      parts.ids ?? new UuidV7Generator(),
      new AesGcmSecretBox(parts.encryptionKey),
    ),
    authModule(storage, config, parts.hasher ?? passwordHasher(config), limiters),
    organisationModule(storage, parts.mailer ?? new RecordingMailer(), config, limiters),
    accountModule(storage),
    fileStorageModule(storage, config, parts.logger),
    expenseModule(storage),
    salesModule(storage),
    clientModule(storage),
    leadModule(storage),
    vendorModule(storage),
    contactGroupModule(storage),
    contactModule(storage),
    projectModule(storage),
    webhookModule(storage, config, limiters, parts.webhookSender),
    apiKeyModule(storage, config, limiters),
    notificationModule(storage, config),
    reportModule(storage),
    importModule(storage, config),
    personalDataModule(storage),
  );
  return container;
}

/** scrypt at the configured cost with r = 8, p = 1, as OWASP gives it. */
function passwordHasher(config: AppConfig): ScryptPasswordHasher {
  const { log2N, concurrency } = config.passwordHashing;
  return new ScryptPasswordHasher({ N: 2 ** log2N, r: 8, p: 1 }, { concurrency });
}
