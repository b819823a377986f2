import { Client, NewClient } from '../../../../domain/client/client';
import { ValidationFailed } from '../../../../domain/shared/errors';

const CREATED = new Date('2026-01-10T09:00:00.000Z');
const LATER = new Date('2026-01-11T10:30:00.000Z');

function aClient(overrides: Partial<NewClient> = {}): Client {
  return Client.create({
    id: 'client-id-1',
    uniqueId: 'acme',
    organisationId: 'org-1',
    name: 'Acme Ltd',
    now: CREATED,
    ...overrides,
  });
}

function errorsOf(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    if (error instanceof ValidationFailed) return error.errors;
    throw error;
  }
  throw new Error('expected a ValidationFailed');
}

describe('Client.create', () => {
  it('needs only a name; the contact details start empty', () => {
    expect(aClient().snapshot()).toEqual({
      id: 'client-id-1',
      uniqueId: 'acme',
      organisationId: 'org-1',
      name: 'Acme Ltd',
      email: null,
      phone: null,
      website: null,
      dateCreated: CREATED,
      lastUpdated: CREATED,
    });
  });

  it('keeps the contact details it is given', () => {
    const client = aClient({ email: 'buyer@acme.test', phone: '+254 700 000000', website: 'https://acme.test' });

    expect(client.snapshot()).toMatchObject({
      email: 'buyer@acme.test',
      phone: '+254 700 000000',
      website: 'https://acme.test',
    });
  });

  it('refuses a blank name', () => {
    expect(errorsOf(() => aClient({ name: '' }))).toEqual({ name: ['This field may not be blank.'] });
  });
});

describe('Client.update', () => {
  it('changes what is supplied, clears with null, keeps the rest and stamps the change', () => {
    const client = aClient({ email: 'buyer@acme.test', phone: '123' });

    client.update({ name: 'Acme Holdings', phone: null }, LATER);

    expect(client.snapshot()).toMatchObject({
      name: 'Acme Holdings',
      email: 'buyer@acme.test',
      phone: null,
      dateCreated: CREATED,
      lastUpdated: LATER,
    });
  });

  it('refuses to blank the name and leaves the client unchanged', () => {
    const client = aClient();

    expect(errorsOf(() => client.update({ name: '  ' }, LATER))).toEqual({ name: ['This field may not be blank.'] });
    expect(client.snapshot()).toMatchObject({ name: 'Acme Ltd', lastUpdated: CREATED });
  });

  it('refuses a different unique_id and accepts the same one', () => {
    const client = aClient();

    expect(errorsOf(() => client.update({ uniqueId: 'globex' }, LATER))).toEqual({
      unique_id: ['This field cannot be changed.'],
    });
    client.update({ uniqueId: 'acme', website: 'https://acme.test' }, LATER);
    expect(client.snapshot()).toMatchObject({ uniqueId: 'acme', website: 'https://acme.test' });
  });
});

describe('Client snapshots', () => {
  it('restores what it was given and hands out copies', () => {
    const original = aClient({ email: 'buyer@acme.test' }).snapshot();
    const restored = Client.restore(original);

    restored.snapshot().name = 'Tampered';

    expect(restored.snapshot()).toEqual(original);
  });
});
