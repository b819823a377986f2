import { inject, injectable } from 'inversify';
import { seedDefaultChart } from '../../domain/account/default-chart';
import { Organisation } from '../../domain/organisation/organisation';
import { OrganisationSeeder } from '../organisation/organisation.ports';
import { IdGenerator, SHARED_TOKENS } from '../shared/ports';
import { ACCOUNT_TOKENS, AccountRepository } from './account.ports';

/** Every new organisation starts with the default chart, so its first expense has an account. */
@injectable()
export class DefaultChartSeeder implements OrganisationSeeder {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async seed(organisation: Organisation, now: Date): Promise<void> {
    await this.accounts.addAll(seedDefaultChart({ organisationId: organisation.id, nextId: () => this.ids.next(), now }));
  }
}
