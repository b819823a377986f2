import { ContainerModule } from 'inversify';
import { AccountController } from '../../adapters/http/account/account.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryAccountRepository } from '../../adapters/persistence/in-memory/in-memory-account.repository';
import { TypeOrmAccountRepository } from '../../adapters/persistence/typeorm/account/typeorm-account.repository';
import { ACCOUNT_TOKENS } from '../../application/account/account.ports';
import { DefaultChartSeeder } from '../../application/account/default-chart.seeder';
import { ORGANISATION_TOKENS } from '../../application/organisation/organisation.ports';
import { Storage } from './storage';

/** The chart of accounts, seeded into every new organisation. */
export function accountModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') {
      bind(ACCOUNT_TOKENS.AccountRepository).to(TypeOrmAccountRepository).inSingletonScope();
    } else {
      bind(ACCOUNT_TOKENS.AccountRepository).toConstantValue(new InMemoryAccountRepository());
    }
    bind(ORGANISATION_TOKENS.OrganisationSeeder).to(DefaultChartSeeder).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(AccountController).inSingletonScope();
  });
}
