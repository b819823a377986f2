import { API_KEY_PREFIX_LENGTH, ApiKey, ApiKeyChanges, ApiKeySnapshot } from '../../domain/api-key/api-key';
import { RecordKind } from '../records/record-kind';
import { SecretBox } from '../shared/ports';
import { ApiKeySecrets } from './api-key.ports';

export type NewApiKeyCommand = { name: string; scopes: string[]; expiresAt?: Date | null };

/**
 * API keys (issue 44): any member makes keys that act as themself; a member
 * reaches their own keys, the owner every key of the organisation. The key is
 * made here, kept as its prefix and a keyed hash (`SecretBox.digest`), and
 * answered in full by the create alone. A delete revokes it. No events.
 */
export function apiKeyKind(secrets: ApiKeySecrets, box: SecretBox): RecordKind<ApiKey, ApiKeySnapshot, NewApiKeyCommand, ApiKeyChanges> {
  // The clear key of a key just made, until its create answers it.
  const issued = new WeakMap<ApiKey, string>();
  return {
    names: { one: 'api key', many: 'api keys' },
    roles: { read: 'member', write: 'member' },
    ownedBy: 'createdById',
    events: false,
    create: (command, { id, uniqueId, organisation, actor, now }) => {
      const key = secrets.generate();
      const made = ApiKey.create({
        ...command,
        id,
        uniqueId,
        organisationId: organisation.id,
        prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
        secretHash: box.digest(key),
        createdById: actor.personId,
        now,
      });
      issued.set(made, key);
      return made;
    },
    update: (key, changes, now) => key.change(changes, now),
    retire: (key, now) => key.revoke(now),
    createdView: (key) => ({ key: issued.get(key) }),
  };
}
