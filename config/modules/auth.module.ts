import { randomBytes } from 'node:crypto';
import { ContainerModule } from 'inversify';
import { AuthController } from '../../adapters/http/auth/auth.controller';
import { COOKIE_SECURE } from '../../adapters/http/auth/session-cookies';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryCredentialRepository, InMemorySessionStore } from '../../adapters/persistence/in-memory/in-memory-auth';
import { TypeOrmCredentialRepository } from '../../adapters/persistence/typeorm/auth/typeorm-credential.repository';
import { SESSION_LIFETIME, TypeOrmSessionStore } from '../../adapters/persistence/typeorm/auth/typeorm-session.store';
import { KeyedCredentialCache } from '../../adapters/security/keyed-credential-cache';
import { FlexibleLoginThrottle } from '../../adapters/security/flexible-login-throttle';
import { FlexibleRateLimit } from '../../adapters/security/flexible-rate-limit';
import { LimiterStore } from '../../adapters/security/limiter-store';
import { AUTH_TOKENS, PasswordHasher } from '../../application/auth/auth.ports';
import { AppConfig } from '../config';
import { Storage } from './storage';

export function authModule(storage: Storage, config: AppConfig, hasher: PasswordHasher, limiters: LimiterStore): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(AUTH_TOKENS.PasswordHasher).toConstantValue(hasher);
    bind(AUTH_TOKENS.VerifiedCredentialCache).toConstantValue(
      new KeyedCredentialCache(randomBytes(32), config.basicAuthCacheSeconds),
    );
    bind(AUTH_TOKENS.LoginThrottle).toConstantValue(new FlexibleLoginThrottle(limiters, config.loginThrottle));
    bind(AUTH_TOKENS.NewAccountLimit).toConstantValue(new FlexibleRateLimit(limiters, 'new-account', config.newAccountsPerClientPerHour, 3600));
    bind(SESSION_LIFETIME).toConstantValue(config.sessionLifetimeSeconds);
    bind(COOKIE_SECURE).toConstantValue(config.cookieSecure);
    if (storage.kind === 'typeorm') {
      bind(AUTH_TOKENS.CredentialRepository).to(TypeOrmCredentialRepository).inSingletonScope();
      bind(AUTH_TOKENS.SessionStore).to(TypeOrmSessionStore).inSingletonScope();
    } else {
      bind(AUTH_TOKENS.CredentialRepository).toConstantValue(new InMemoryCredentialRepository());
      bind(AUTH_TOKENS.SessionStore).toConstantValue(new InMemorySessionStore(config.sessionLifetimeSeconds));
    }
    bind(HTTP_TOKENS.Controller).to(AuthController).inSingletonScope();
  });
}
