import { inject, injectable } from 'inversify';
import { ApiKeyRepository } from '../../../../application/api-key/api-key.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { API_KEY_CREDENTIAL, ApiKey, ApiKeyCredential } from '../../../../domain/api-key/api-key';
import { API_KEY_DECLARATION } from '../../../declaration/api-key/api-key.declaration';
import { DeclaredRow } from '../declared/declared-mapper';
import { TypeOrmDeclaredRecords } from '../declared/typeorm-declared.repository';
import { TypeOrmPrereads } from '../auth/prereads';
import { TypeOrmDatabase } from '../engine';
import { Preread, Prereads } from '../../../../application/shared/preread';

/**
 * Whether the person of the key `alias` still belongs to its organisation with an active account, read with the key.
 * A removal revokes its member's keys; this holds when a create authorised just before the removal wrote its key after
 * the revocation ran (docs/decisions/api-keys.md).
 */
const held = (alias: string) => `EXISTS (
  SELECT 1 FROM memberships m JOIN persons p ON p.id = m.person_id
  WHERE m.organisation_id = ${alias}.organisation_id AND m.person_id = ${alias}.created_by_id AND p.is_active = true)`;

/** The held keys of a prefix, as the key's own row (`r`) and as the row that authenticates a request (`who`). */
const HELD_BY_PREFIX = `r.prefix = :prefix AND ${held('r')}`;
const HELD_BY_PREFIX_WHO = `who.prefix = :prefix AND ${held('who')}`;

/** API keys, declared, with authentication's look-up by prefix, the last use, and a leaving member's revocation. */
@injectable()
export class TypeOrmApiKeyRepository extends TypeOrmDeclaredRecords<ApiKey> implements ApiKeyRepository {
  /** A key's look-up with what its request reads first (the organisation of its path, or the profile). */
  private readonly prereads: TypeOrmPrereads;
  /** What authentication reads of a key on every keyed request (`API_KEY_CREDENTIAL`): not a whole `ApiKey`. */
  private readonly credential: { columns: readonly string[]; read(row: DeclaredRow): ApiKeyCredential };

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase, @inject(SHARED_TOKENS.SecretBox) box: SecretBox) {
    super(db, box, API_KEY_DECLARATION);
    this.prereads = new TypeOrmPrereads(db, box);
    const { columns, read } = this.mapper.partOf(API_KEY_CREDENTIAL);
    this.credential = { columns, read: read as (row: DeclaredRow) => ApiKeyCredential };
  }

  async findHeldByPrefix(prefix: string, preread?: Preread): Promise<{ keys: ApiKeyCredential[]; prereads?: Prereads }> {
    if (preread) {
      const found = await this.prereads.read<DeclaredRow>('ApiKey', HELD_BY_PREFIX_WHO, { prefix }, preread, { person: 'created_by_id', columns: this.credential.columns });
      return found ? { keys: [this.credential.read(found.row)], prereads: found.prereads } : { keys: [] };
    }
    const rows = await this.rows(HELD_BY_PREFIX, { prefix });
    return { keys: rows.map((row) => this.credential.read(row)) };
  }

  async recordUse(keyId: string, now: Date, recordedSince: Date): Promise<void> {
    // Conditional, so that instances serving one key write its use once a minute between them, and no history entry: a use is not a change.
    await this.db.execute(
      this.db.sql('UPDATE api_keys SET last_used_at = :now WHERE id = :keyId AND (last_used_at IS NULL OR last_used_at < :recordedSince)', {
        keyId,
        now,
        recordedSince,
      }),
    );
  }

  async revokeAllOf(organisationId: string, personId: string, now: Date): Promise<void> {
    await this.db.execute(
      this.db.sql('UPDATE api_keys SET revoked_at = :at, last_updated = :at WHERE organisation_id = :organisationId AND created_by_id = :personId AND revoked_at IS NULL', {
        at: now,
        organisationId,
        personId,
      }),
    );
  }
}
