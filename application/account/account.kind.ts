import { Account, AccountChanges, AccountSnapshot, CreateAccount } from '../../domain/account/account';
import { InUse } from '../../domain/shared/errors';
import { RecordKind } from '../records/record-kind';
import { ACCOUNT_IN_USE, AccountUsage } from './account.ports';

export type NewAccountCommand = Omit<CreateAccount, 'id' | 'uniqueId' | 'organisationId' | 'now'> & { uniqueId?: string };

/**
 * The chart of accounts (contract section 5): any member adds, changes and
 * removes accounts; a code names one account of the organisation. An account
 * that anything books to (`usages`: expenses) stays (409 `in_use`): the
 * contract says to set it inactive instead.
 */
export function accountKind(usages: readonly AccountUsage[]): RecordKind<Account, AccountSnapshot, NewAccountCommand, AccountChanges> {
  return {
    names: { one: 'account', many: 'accounts' },
    roles: { read: 'member', write: 'member' },
    events: false,
    create: (command, { id, uniqueId, organisation, now }) => Account.create(Object.assign({}, command, { id, uniqueId, organisationId: organisation.id, now })),
    update: (account, changes, now) => account.update(changes, now),
    beforeDelete: async (organisationId, account) => {
      for (const usage of usages) {
        if (await usage.isAccountUsed(organisationId, account.id)) throw new InUse(ACCOUNT_IN_USE);
      }
    },
  };
}
