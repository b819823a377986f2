import { ContainerModule } from 'inversify';
import { ACCOUNT_DECLARATION } from '../../adapters/declaration/account/account.declaration';
import { accountKind } from '../../application/account/account.kind';
import { ACCOUNT_TOKENS, AccountUsage } from '../../application/account/account.ports';
import { DefaultChartSeeder } from '../../application/account/default-chart.seeder';
import { ORGANISATION_TOKENS } from '../../application/organisation/organisation.ports';
import { declaredResourceModule } from './declared-resource.module';
import { Storage } from './storage';

/** The chart of accounts, seeded into every new organisation. What books to an account binds its AccountUsage (expenses). */
export function accountModule(storage: Storage): ContainerModule {
  return declaredResourceModule(
    storage,
    {
      declaration: ACCOUNT_DECLARATION,
      kind: (context) => accountKind(context.getAll<AccountUsage>(ACCOUNT_TOKENS.AccountUsage, { optional: true }) ?? []),
      repositoryToken: ACCOUNT_TOKENS.AccountRepository,
    },
    ({ bind }) => bind(ORGANISATION_TOKENS.OrganisationSeeder).to(DefaultChartSeeder).inSingletonScope(),
  );
}
