import { ApiKeyRepository } from '../../../application/api-key/api-key.ports';
import { ApiKey, ApiKeyCredential, ApiKeySnapshot } from '../../../domain/api-key/api-key';
import { API_KEY_DECLARATION } from '../../declaration/api-key/api-key.declaration';
import { InMemoryDeclaredRecords } from './in-memory-declared-records';

/**
 * The in-memory twin of `TypeOrmApiKeyRepository`, for use-case tests. It
 * does not see memberships: there, a removed member's key still reaches
 * nothing of the organisation (its access is refused), and their revocation is `revokeAllOf`.
 */
export class InMemoryApiKeyRepository extends InMemoryDeclaredRecords<ApiKey> implements ApiKeyRepository {
  constructor() {
    super(API_KEY_DECLARATION);
  }

  async findHeldByPrefix(prefix: string): Promise<{ keys: ApiKeyCredential[] }> {
    return { keys: (this.every() as ApiKeySnapshot[]).filter((row) => row.prefix === prefix).map((row) => ApiKey.restore(row).snapshot()) };
  }

  async recordUse(keyId: string, now: Date, recordedSince: Date): Promise<void> {
    const row = this.byId(keyId) as ApiKeySnapshot | undefined;
    if (row && (row.lastUsedAt === null || row.lastUsedAt < recordedSince)) await this.save(ApiKey.restore({ ...row, lastUsedAt: now }));
  }

  async revokeAllOf(organisationId: string, personId: string, now: Date): Promise<void> {
    for (const row of this.of(organisationId) as ApiKeySnapshot[]) {
      if (row.createdById !== personId) continue;
      const key = ApiKey.restore(row);
      key.revoke(now);
      await this.save(key);
    }
  }
}
