import { RecordFilters } from '../../../../application/records/record.ports';
import { ListQuery } from '../../../../application/shared/page';
import { Actor } from '../../../../application/shared/actor';
import { InUse, NotFound } from '../../../../domain/shared/errors';
import { Client, ClientSnapshot } from '../../../../domain/client/client';
import { InMemoryApp, inMemoryApp } from '../../../support/in-memory-container';
import { leadsOf } from '../../../support/lead-use-cases';
import { useCasesOf } from '../../../support/record-use-cases';

type ClientListQuery = ListQuery<RecordFilters, string>;

const query = (overrides: Partial<ClientListQuery> = {}): ClientListQuery => ({
  filters: {},
  ordering: { field: 'name', descending: false },
  page: { page: 1, pageSize: 100 },
  ...overrides,
});

describe('client use cases', () => {
  let app: InMemoryApp;
  let member: Actor;
  let stranger: Actor;
  let org: string;

  beforeEach(async () => {
    app = await inMemoryApp();
    member = await app.aPerson();
    stranger = await app.aPerson();
    org = await app.anOrganisation(member);
    await app.anOrganisation(stranger);
  });

  const clients = () => useCasesOf<Client, ClientSnapshot>(app.container, 'client');
  const create = (name: string, extra: { uniqueId?: string; email?: string } = {}) => clients().create.execute(member, org, { name, ...extra });
  const list = async (q = query()) => {
    const page = await clients().list.execute(member, org, q);
    return { total: page.total, items: page.items.map((view) => view.record) };
  };

  it('creates, reads and updates a client of the organisation', async () => {
    await create('Acme Ltd', { uniqueId: 'acme', email: 'buyer@acme.test' });

    const updated = await clients().update.execute(member, org, 'acme', { phone: '+254 700 000000' });

    expect(updated.record).toMatchObject({ name: 'Acme Ltd', email: 'buyer@acme.test', phone: '+254 700 000000' });
    expect(await clients().get.execute(member, org, 'acme')).toEqual(updated);
  });

  it('refuses a unique_id the organisation already has', async () => {
    await create('Acme Ltd', { uniqueId: 'acme' });

    await expect(create('Other', { uniqueId: 'acme' })).rejects.toMatchObject({
      errors: { unique_id: ['client with this unique id already exists.'] },
    });
  });

  it('lists clients by name in any case, searching name and e-mail without regard to case', async () => {
    await create('zeta traders');
    await create('Alpha Foods', { email: 'orders@ZETA.example' });
    await create('beta Works');

    expect((await list()).items.map((c) => c.name)).toEqual(['Alpha Foods', 'beta Works', 'zeta traders']);
    expect((await list(query({ ordering: { field: 'name', descending: true } }))).items[0].name).toBe('zeta traders');
    const found = await list(query({ filters: { search: 'Zeta' } }));
    expect([found.total, found.items.map((c) => c.name)]).toEqual([2, ['Alpha Foods', 'zeta traders']]);
  });

  it('refuses to delete a client a lead names, and deletes it once no lead does', async () => {
    await create('Acme Ltd', { uniqueId: 'acme' });
    await leadsOf(app.container).create(member, org, { uniqueId: 'deal', title: 'Deal', leadSource: 'website', salesStage: 'stage-new', client: 'acme' });
    const remove = () => clients().delete.execute(member, org, 'acme');

    await expect(remove()).rejects.toBeInstanceOf(InUse);
    await leadsOf(app.container).update(member, org, 'deal', { client: null });
    await remove();
    await expect(clients().get.execute(member, org, 'acme')).rejects.toBeInstanceOf(NotFound);
  });

  it('answers 404 to someone outside the organisation', async () => {
    await create('Acme Ltd', { uniqueId: 'acme' });

    await expect(clients().list.execute(stranger, org, query())).rejects.toBeInstanceOf(NotFound);
    await expect(clients().get.execute(stranger, org, 'acme')).rejects.toBeInstanceOf(NotFound);
    await expect(clients().delete.execute(stranger, org, 'acme')).rejects.toBeInstanceOf(NotFound);
    expect((await list()).total).toBe(1);
  });
});
