import { ClientListQuery } from '../../../../application/client/client.ports';
import { CreateClient } from '../../../../application/client/create-client.use-case';
import { DeleteClient } from '../../../../application/client/delete-client.use-case';
import { GetClient } from '../../../../application/client/get-client.use-case';
import { ListClients } from '../../../../application/client/list-clients.use-case';
import { UpdateClient } from '../../../../application/client/update-client.use-case';
import { CreateLead } from '../../../../application/lead/create-lead.use-case';
import { UpdateLead } from '../../../../application/lead/update-lead.use-case';
import { Actor } from '../../../../application/shared/actor';
import { InUse, NotFound } from '../../../../domain/shared/errors';
import { InMemoryApp, inMemoryApp } from '../../../support/in-memory-container';

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

  const create = (name: string, extra: { uniqueId?: string; email?: string } = {}) =>
    app.container.get(CreateClient).execute(member, org, { name, ...extra });
  const list = (q = query()) => app.container.get(ListClients).execute(member, org, q);

  it('creates, reads and updates a client of the organisation', async () => {
    await create('Acme Ltd', { uniqueId: 'acme', email: 'buyer@acme.test' });

    const updated = await app.container.get(UpdateClient).execute(member, org, 'acme', { phone: '+254 700 000000' });

    expect(updated).toMatchObject({ name: 'Acme Ltd', email: 'buyer@acme.test', phone: '+254 700 000000' });
    expect(await app.container.get(GetClient).execute(member, org, 'acme')).toEqual(updated);
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
    await app.container
      .get(CreateLead)
      .execute(member, org, { uniqueId: 'deal', title: 'Deal', leadSource: 'website', salesStage: 'stage-new', client: 'acme' });
    const remove = () => app.container.get(DeleteClient).execute(member, org, 'acme');

    await expect(remove()).rejects.toBeInstanceOf(InUse);
    await app.container.get(UpdateLead).execute(member, org, 'deal', { client: null });
    await remove();
    await expect(app.container.get(GetClient).execute(member, org, 'acme')).rejects.toBeInstanceOf(NotFound);
  });

  it('answers 404 to someone outside the organisation', async () => {
    await create('Acme Ltd', { uniqueId: 'acme' });

    await expect(app.container.get(ListClients).execute(stranger, org, query())).rejects.toBeInstanceOf(NotFound);
    await expect(app.container.get(GetClient).execute(stranger, org, 'acme')).rejects.toBeInstanceOf(NotFound);
    await expect(app.container.get(DeleteClient).execute(stranger, org, 'acme')).rejects.toBeInstanceOf(NotFound);
    expect((await list()).total).toBe(1);
  });
});
