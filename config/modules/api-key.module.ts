import { randomBytes } from 'node:crypto';
import { ContainerModule } from 'inversify';
import { API_KEY_DECLARATION } from '../../adapters/declaration/api-key/api-key.declaration';
import { InMemoryApiKeyRepository } from '../../adapters/persistence/in-memory/in-memory-api-keys';
import { TypeOrmApiKeyRepository } from '../../adapters/persistence/typeorm/api-key/typeorm-api-key.repository';
import { newToken } from '../../adapters/security/tokens';
import { API_KEY_MARK } from '../../domain/api-key/api-key';
import { AuthenticateApiKey } from '../../application/api-key/authenticate-api-key.use-case';
import { apiKeyKind } from '../../application/api-key/api-key.kind';
import { API_KEY_TOKENS, ApiKeySecrets } from '../../application/api-key/api-key.ports';
import { SecretBox, SHARED_TOKENS } from '../../application/shared/ports';
import { BatchedRateLimit } from '../../adapters/security/batched-rate-limit';
import { KeyedCredentialCache } from '../../adapters/security/keyed-credential-cache';
import { FlexibleRateLimit } from '../../adapters/security/flexible-rate-limit';
import { LimiterStore } from '../../adapters/security/limiter-store';
import { AppConfig } from '../config';
import { declaredResourceModule } from './declared-resource.module';
import { Storage } from './storage';

/** API keys (issue 44), declared; the store's own reads authenticate them. */
export function apiKeyModule(storage: Storage, config: AppConfig, limiters: LimiterStore): ContainerModule {
  return declaredResourceModule(
    storage,
    {
      declaration: API_KEY_DECLARATION,
      kind: (context) => apiKeyKind(context.get<ApiKeySecrets>(API_KEY_TOKENS.ApiKeySecrets), context.get<SecretBox>(SHARED_TOKENS.SecretBox)),
      repositoryToken: API_KEY_TOKENS.ApiKeyRepository,
      repositories: { typeorm: TypeOrmApiKeyRepository, memory: () => new InMemoryApiKeyRepository() },
    },
    ({ bind }) => {
      bind(AuthenticateApiKey).toSelf().inSingletonScope();
      // Counted here and added to the shared store in batches: a store write per request cost a key twice Basic's /me/.
      const shared = new FlexibleRateLimit(limiters, 'api-key-requests', config.apiKeyRequestsPerMinute, 60);
      bind(API_KEY_TOKENS.RequestLimit).toConstantValue(new BatchedRateLimit(shared));
      // Verified keys remembered as Basic credentials are, for as long: the keyed hash was 5 % of a keyed request.
      bind(API_KEY_TOKENS.VerifiedKeyCache).toConstantValue(new KeyedCredentialCache(randomBytes(32), config.basicAuthCacheSeconds));
      bind(API_KEY_TOKENS.ApiKeySecrets).toConstantValue({ generate: () => `${API_KEY_MARK}${newToken()}` } satisfies ApiKeySecrets);
    },
  );
}
