import { API_KEY_NAME_MAX_LENGTH, API_KEY_PREFIX_LENGTH, ApiKey, ApiKeySnapshot } from '../../../domain/api-key/api-key';
import { API_KEY_SCOPES } from '../../../domain/api-key/api-key-scope';
import { fieldsOf } from '../declared-field';
import { declareResource } from '../resource-declaration';

const f = fieldsOf<ApiKeySnapshot>();

/**
 * `/organisation/{org}/api-keys/` (issue 44). The key itself is answered once,
 * by the create; what is kept is its prefix in clear (shown, and the key's
 * look-up) and a keyed hash of the whole key. A delete revokes the key and
 * keeps the record (`RecordKind.retire`).
 */
export const API_KEY_DECLARATION = declareResource<ApiKeySnapshot>()({
  names: { one: 'api key', many: 'api keys' },
  schemaName: 'ApiKey',
  tag: 'API keys',
  tagDescription: 'Keys that integrations authenticate with instead of a password: scoped, revocable, shown once.',
  // A key never manages keys.
  keyArea: 'never',
  tagAfter: 'Webhooks',
  table: 'api_keys',
  path: { collection: 'api-keys', pattern: 'detail' },
  restore: ApiKey.restore,
  defaultOrdering: '-date_created',
  fields: [
    f.uniqueId(),
    f.text('name', { max: API_KEY_NAME_MAX_LENGTH, required: true, ordering: true }),
    f.text('prefix', { max: API_KEY_PREFIX_LENGTH, readOnly: true, description: 'The key’s first characters, to tell keys apart.' }),
    f.choices('scopes', API_KEY_SCOPES, { required: true, description: '`read` or `write` per area, or `*:read` / `*:write` for every area; `write` includes `read`.' }),
    f.timestamp('expiresAt', { nullable: true, readOnly: false, description: 'When the key stops working; null: never. Set when the key is made.' }),
    f.timestamp('lastUsedAt', { nullable: true, description: 'The key’s last use, to the minute.' }),
    f.person('createdById', 'created_by', { description: 'The person the key acts as.' }),
    f.timestamp('dateCreated', { ordering: true }),
    f.timestamp('lastUpdated', { internal: true }),
    f.timestamp('revokedAt', { nullable: true }),
    f.text('secretHash', { internal: true }),
    f.derived('key', { type: 'text' }, { once: true, description: 'The whole key, shown this once: keep it, as it cannot be shown again.' }),
  ],
  storage: {
    indices: [
      { name: 'ix_api_keys_prefix', columns: ['prefix'] },
      { name: 'ix_api_keys_org_created', columns: ['organisation_id', 'date_created', 'id'] },
      { name: 'ix_api_keys_creator', columns: ['created_by_id'] },
    ],
  },
});
