import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

describe.each(testDatabases())('the profile (/me/) on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let user: TestUser;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    user = await signUp(app.client, { first_name: 'Grace', last_name: 'Hopper' });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('always returns the read-only fields the spec lists', async () => {
    const response = await user.api.get('/api/v1.0/me/');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      user: { first_name: 'Grace', last_name: 'Hopper', email: user.email },
      language_display: 'English',
      user_type_display: 'Regular User',
      profile_picture_url: null,
      organisation_details: { unique_id: user.organisationUniqueId, role: 'owner' },
    });
  });

  it('merges nested objects field by field and clears one with null', async () => {
    await user.api.patch('/api/v1.0/me/', { address: { city: 'Arlington', postal_code: '22201' } });
    const merged = await user.api.patch('/api/v1.0/me/', { address: { city: 'New York' } });
    expect(merged.body.address).toEqual({ address_line_1: null, city: 'New York', province_state: null, postal_code: '22201', country_name: '' });
    const cleared = await user.api.patch('/api/v1.0/me/', { address: null });
    expect(cleared.body.address).toBeNull();
  });

  it('never returns the bank account number, only its last four digits', async () => {
    const response = await user.api.patch('/api/v1.0/me/', {
      banking_information: { bank_name: 'First Bank', account_number: '0011223344556677', account_type: 'savings' },
    });
    expect(response.status).toBe(200);
    expect(response.body.banking_information).toMatchObject({ account_number_last4: '6677', account_type_display: 'Savings' });
    expect(response.text).not.toContain('0011223344556677');
    const again = await user.api.get('/api/v1.0/me/');
    expect(again.text).not.toContain('0011223344556677');
    expect(again.body.banking_information.account_number_last4).toBe('6677');
  });

  it('stores the bank and medical details encrypted, never in clear', async () => {
    await user.api.patch('/api/v1.0/me/', { employee_information: { medical_conditions: 'asthma-marker-xyz' } });
    const rows = await app.application.dataSource.query('SELECT banking_sealed, employee_sealed FROM persons');
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('0011223344556677');
    expect(stored).not.toContain('asthma-marker-xyz');
    const me = await user.api.get('/api/v1.0/me/');
    expect(me.body.employee_information.medical_conditions).toBe('asthma-marker-xyz');
  });

  it('never grants ownership through is_owner, and ignores server-managed fields', async () => {
    const owner = await signUp(app.client);
    const member = await signUp(app.client);
    const theirOwn = member.organisationUniqueId;
    await addMember(app, owner.organisationUniqueId, member);
    const response = await member.api.patch('/api/v1.0/me/', {
      is_owner: true,
      date_created: '2001-01-01T00:00:00Z',
      last_login: '2001-01-01T00:00:00Z',
    });
    expect(response.status).toBe(200);
    expect(response.body.organisation_details.unique_id).toBe(theirOwn);
    expect(response.body.date_created).not.toBe('2001-01-01T00:00:00.000Z');
    const denied = await member.api.patch(`/api/v1.0/organisation/${owner.organisationUniqueId}/update/`, { name: 'Mine now' });
    expect(denied.status).toBe(403);
  });

  it('accepts form-urlencoded and multipart bodies with dotted nested names', async () => {
    const form = await user.api.patch('/api/v1.0/me/', undefined, {
      form: { job_title: 'Rear Admiral', 'address.city': 'Washington', 'employee_information.is_active_employee': 'false' },
    });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ job_title: 'Rear Admiral', address: { city: 'Washington' } });
    expect(form.body.employee_information.is_active_employee).toBe(false);

    const multipart = new FormData();
    multipart.set('current_language', 'fr');
    multipart.set('banking_information.branch_code', '001');
    multipart.set('job_title', '');
    const response = await user.api.patch('/api/v1.0/me/', undefined, { multipart });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ current_language: 'fr', language_display: 'French', job_title: '' });
    expect(response.body.banking_information.branch_code).toBe('001');
  });

  it('treats PUT as DRF does: fields left out keep their values', async () => {
    const response = await user.api.put('/api/v1.0/me/', { user_type: 'employee' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ user_type: 'employee', user_type_display: 'Employee', current_language: 'fr' });
  });

  it.each([
    ['job_title', 300],
    ['address.address_line_1', 300],
    ['address.city', 300],
    ['banking_information.bank_name', 200],
    ['banking_information.swift_code', 50],
    ['banking_information.branch_code', 50],
    ['banking_information.routing_number', 50],
    ['employee_information.id_number', 100],
    ['employee_information.phone_number', 200],
    ['employee_information.emergency_contact', 300],
    ['employee_information.medical_aid_plan', 300],
  ])('bounds %s at %i characters: the maximum passes, one more fails', async (name, max) => {
    const body = (value: string) => {
      const [outer, inner] = name.split('.');
      return inner ? { [outer]: { [inner]: value } } : { [outer]: value };
    };
    expect((await user.api.patch('/api/v1.0/me/', body('x'.repeat(max)))).status).toBe(200);
    const refused = await user.api.patch('/api/v1.0/me/', body('x'.repeat(max + 1)));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(expectedError(name, `Ensure this field has no more than ${max} characters.`));
  });

  it.each([
    [{ current_language: 'xx' }, { current_language: ['"xx" is not a valid choice.'] }],
    [{ banking_information: { account_type: 'bogus' } }, { banking_information: { account_type: ['"bogus" is not a valid choice.'] } }],
    [
      { employee_information: { birthday: '1990-02-30', social_url: 'nope', is_active_employee: 'maybe' } },
      {
        employee_information: {
          birthday: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
          social_url: ['Enter a valid URL.'],
          is_active_employee: ['Must be a valid boolean.'],
        },
      },
    ],
    [{ address: 'Nairobi' }, { address: { non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] } }],
    [{ unique_id: 'has space' }, { unique_id: ['Enter a valid unique_id: 1 to 100 letters, digits, "_" or "-".'] }],
    [{ user_type: 'admin' }, { user_type: ['"admin" is not a valid choice.'] }],
    [{ last_updated: 'yesterday' }, { last_updated: ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'] }],
  ])('answers DRF-shaped 400s and changes nothing: %j', async (body, expected) => {
    const before = await user.api.get('/api/v1.0/me/');
    const response = await user.api.patch('/api/v1.0/me/', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    const after = await user.api.get('/api/v1.0/me/');
    expect(after.body).toEqual(before.body);
  });
});

function expectedError(name: string, message: string) {
  const [outer, inner] = name.split('.');
  return inner ? { [outer]: { [inner]: [message] } } : { [outer]: [message] };
}
