import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { actOn, anExpense, createExpense, expensePaths, multipart } from '../support/expenses';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

const LOCKED_EDIT = { detail: 'Only draft and rejected expenses can be edited.', code: 'locked' };
const TOTAL_TOO_LARGE = 'Ensure that the total amount has no more than 10 digits before the decimal point.';

describe.each(testDatabases())('expenses on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let paths: ReturnType<typeof expensePaths>;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client, { first_name: 'Olive', last_name: 'Owner' });
    member = await signUp(app.client, { first_name: 'Mo', last_name: 'Member' });
    stranger = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
    paths = expensePaths(owner.organisationUniqueId);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  describe('create', () => {
    it('answers 201 with the full expense, its nested records and no write-only field', async () => {
      const response = await member.api.post(
        paths.create,
        anExpense({ title: 'Taxi to the airport', amount: '25.5', tax_amount: 4, description: 'Client visit' }),
      );

      expect(response.status).toBe(201);
      const body = response.body;
      expect(Object.keys(body).sort()).toEqual(
        [
          'unique_id', 'title', 'description', 'notes', 'expense_number', 'account', 'status', 'status_display',
          'expense_date', 'submitted_date', 'approved_date', 'paid_date', 'amount', 'tax_amount', 'total_amount',
          'vendor', 'employee', 'project_id', 'approved_by', 'created_by', 'receipt', 'receipt_url', 'vat_processed',
          'vat_processed_date', 'rejection_reason', 'date_created', 'last_updated',
        ].sort(),
      );
      expect(body).toMatchObject({
        title: 'Taxi to the airport',
        description: 'Client visit',
        notes: null,
        status: 'draft',
        status_display: 'Draft',
        expense_date: '2026-01-15',
        amount: '25.50',
        tax_amount: '4.00',
        total_amount: '29.50',
        account: { unique_id: 'acct-6300', account_code: '6300', name: 'Travel', account_type: 'expense' },
        created_by: { unique_id: member.personUniqueId, full_name: 'Mo Member' },
        employee: null,
        vendor: null,
        project_id: null,
        approved_by: null,
        submitted_date: null,
        approved_date: null,
        paid_date: null,
        receipt: null,
        receipt_url: null,
        vat_processed: false,
        vat_processed_date: null,
        rejection_reason: null,
      });
      expect(body.unique_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.date_created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

      const read = await owner.api.get(paths.detail(body.unique_id));
      expect(read.status).toBe(200);
      expect(read.body).toEqual(body);
    });

    it('goes straight to submitted when asked, stamping submitted_date', async () => {
      const body = await createExpense(member.api, owner.organisationUniqueId, { status: 'submitted' });
      expect(body.status).toBe('submitted');
      expect(body.submitted_date).not.toBeNull();
    });

    it('takes a client unique_id once per organisation, and the same number in another organisation', async () => {
      const first = await owner.api.post(paths.create, anExpense({ unique_id: 'exp-taxi-1', expense_number: 'SHARED-1' }));
      expect(first.status).toBe(201);
      expect(first.body.unique_id).toBe('exp-taxi-1');
      const again = await owner.api.post(paths.create, anExpense({ unique_id: 'exp-taxi-1' }));
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ unique_id: ['expense with this unique id already exists.'] });
      const elsewhere = await stranger.api.post(
        expensePaths(stranger.organisationUniqueId).create,
        anExpense({ unique_id: 'exp-taxi-1', expense_number: 'SHARED-1' }),
      );
      expect(elsewhere.status).toBe(201);
    });

    it('accepts a multipart form without a receipt, as strings (an empty reference meaning null)', async () => {
      const form = multipart(anExpense({ amount: '12.5', vat_processed: 'true', description: '', employee_id: '' }));
      const response = await owner.api.post(paths.create, undefined, { multipart: form });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ amount: '12.50', vat_processed: true, description: '', employee: null, receipt: null });
      expect(response.body.vat_processed_date).not.toBeNull();
    });

    // What a DRF implementation of this endpoint answers (drf-error-samples.json).
    it.each([
      [
        'an empty body',
        {},
        {
          title: ['This field is required.'],
          expense_number: ['This field is required.'],
          account_id: ['This field is required.'],
          expense_date: ['This field is required.'],
          amount: ['This field is required.'],
        },
      ],
      ['an unknown account_id', { account_id: 'nope' }, { account_id: ['Object with unique_id=nope does not exist.'] }],
      ['a bad decimal', { amount: 'ten' }, { amount: ['A valid number is required.'] }],
      [
        'an amount with 14 integer digits',
        { amount: '12345678901234' },
        { amount: ['Ensure that there are no more than 13 digits before the decimal point.'] },
      ],
      ['a total over 10 integer digits', { amount: '9999999999.99', tax_amount: '0.01' }, { amount: [TOTAL_TOO_LARGE] }],
      [
        'a bad date',
        { expense_date: '2025-13-01' },
        { expense_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
      ],
      ['a status outside the enumeration', { status: 'archived' }, { status: ['"archived" is not a valid choice.'] }],
      ['a status not allowed on create', { status: 'approved' }, { status: ['"approved" is not a valid choice.'] }],
      ['a bad boolean', { vat_processed: 'maybe' }, { vat_processed: ['Must be a valid boolean.'] }],
      [
        'a blank title and a null amount',
        { title: '', amount: null },
        { title: ['This field may not be blank.'], amount: ['This field may not be null.'] },
      ],
      [
        'a bad unique_id',
        { unique_id: 'has space' },
        { unique_id: ['Enter a valid unique_id: 1 to 100 letters, digits, "_" or "-".'] },
      ],
      ['a blank account_id', { account_id: '' }, { account_id: ['This field may not be blank.'] }],
      [
        'an expense number of 101 characters',
        { expense_number: 'N'.repeat(101) },
        { expense_number: ['Ensure this field has no more than 100 characters.'] },
      ],
      ['a receipt that is not a file', { receipt: 'receipt.pdf' }, { receipt: ['The submitted data was not a file. Check the encoding type on the form.'] }],
    ])('refuses %s with 400', async (_case, fields, errors) => {
      const body = Object.keys(fields).length === 0 ? {} : anExpense(fields);
      const response = await owner.api.post(paths.create, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errors);
    });

    it('refuses a duplicate expense_number in the organisation', async () => {
      await createExpense(owner.api, owner.organisationUniqueId, { expense_number: 'EXP-DUP-1' });
      const response = await member.api.post(paths.create, anExpense({ expense_number: 'EXP-DUP-1' }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ expense_number: ['expense with this expense number already exists.'] });
    });

    it.each([
      ['amount', '9999999999.99', '12345678901234', 'Ensure that there are no more than 13 digits before the decimal point.'],
      ['tax_amount', '9999999999.99', '12345678901234', 'Ensure that there are no more than 13 digits before the decimal point.'],
      ['amount', '0.01', '0.001', 'Ensure that there are no more than 2 decimal places.'],
      ['amount', '-9999999999.99', '-12345678901234', 'Ensure that there are no more than 13 digits before the decimal point.'],
    ])('bounds %s: %s passes, %s fails', async (field, max, overMax, message) => {
      const zeroes = field === 'amount' ? {} : { amount: '0.00' };
      const ok = await owner.api.post(paths.create, anExpense({ ...zeroes, [field]: max }));
      expect(ok.status).toBe(201);
      expect(ok.body[field]).toBe(max);
      expect(ok.body.total_amount).toBe(max);
      const refused = await owner.api.post(paths.create, anExpense({ ...zeroes, [field]: overMax }));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ [field]: [message] });
    });

    it('refuses a 13-digit amount, valid on its own, whose total overflows 10 digits', async () => {
      const response = await owner.api.post(paths.create, anExpense({ amount: '9999999999999.99' }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ amount: [TOTAL_TOO_LARGE] });
    });

    it('adds amounts exactly: 0.10 + 0.20 is 0.30, and a JSON number is read as its decimal text', async () => {
      const body = await createExpense(owner.api, owner.organisationUniqueId, { amount: 0.1, tax_amount: '0.20' });
      expect([body.amount, body.tax_amount, body.total_amount]).toEqual(['0.10', '0.20', '0.30']);
    });
  });

  describe('references', () => {
    it('shows a member named as employee, and refuses a person outside the organisation', async () => {
      const body = await createExpense(owner.api, owner.organisationUniqueId, { employee_id: member.personUniqueId });
      expect(body.employee).toEqual({ unique_id: member.personUniqueId, full_name: 'Mo Member' });
      const refused = await owner.api.post(paths.create, anExpense({ employee_id: stranger.personUniqueId }));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ employee_id: [`Object with unique_id=${stranger.personUniqueId} does not exist.`] });
    });

    it("refuses another organisation's account, and reports every bad reference at once", async () => {
      const theirs = await stranger.api.post(expensePaths(stranger.organisationUniqueId).accounts.create, {
        unique_id: 'their-account',
        account_code: '7777',
        name: 'Theirs',
        account_type: 'expense',
      });
      expect(theirs.status).toBe(201);
      const response = await owner.api.post(
        paths.create,
        anExpense({ account_id: 'their-account', vendor_id: 'vendor-x', employee_id: 'nobody' }),
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        account_id: ['Object with unique_id=their-account does not exist.'],
        vendor_id: ['Object with unique_id=vendor-x does not exist.'],
        employee_id: ['Object with unique_id=nobody does not exist.'],
      });
    });

    it('accepts a null vendor_id and employee_id, and refuses blank ones', async () => {
      const ok = await owner.api.post(paths.create, anExpense({ vendor_id: null, employee_id: null }));
      expect(ok.status).toBe(201);
      const blank = await owner.api.post(paths.create, anExpense({ vendor_id: '', employee_id: '' }));
      expect(blank.body).toEqual({ vendor_id: ['This field may not be blank.'], employee_id: ['This field may not be blank.'] });
    });

    it('refuses a new booking to an inactive account, but lets an expense keep one made inactive since', async () => {
      const account = await owner.api.post(paths.accounts.create, {
        unique_id: 'acct-old',
        account_code: '6950',
        name: 'Old',
        account_type: 'expense',
      });
      expect(account.status).toBe(201);
      const expense = await createExpense(owner.api, owner.organisationUniqueId, { account_id: 'acct-old' });
      await owner.api.patch(paths.accounts.update('acct-old'), { is_active: false });

      const kept = await owner.api.put(paths.update(expense.unique_id), anExpense({ account_id: 'acct-old' }));
      expect(kept.status).toBe(200);
      const refused = await owner.api.post(paths.create, anExpense({ account_id: 'acct-old' }));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ account_id: ['This account is inactive; book the expense to an active account.'] });
    });
  });

  describe('update', () => {
    it('PUT requires the create fields and keeps the fields it leaves out', async () => {
      const expense = await createExpense(owner.api, owner.organisationUniqueId, { description: 'kept', notes: 'also kept' });
      const missing = await owner.api.put(paths.update(expense.unique_id), { title: 'Only a title' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        expense_number: ['This field is required.'],
        account_id: ['This field is required.'],
        expense_date: ['This field is required.'],
        amount: ['This field is required.'],
      });

      const response = await owner.api.put(
        paths.update(expense.unique_id),
        anExpense({ title: 'Replaced', expense_number: expense.expense_number, account_id: 'acct-6400', amount: '40' }),
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        title: 'Replaced',
        description: 'kept',
        notes: 'also kept',
        amount: '40.00',
        total_amount: '40.00',
        account: { unique_id: 'acct-6400', name: 'Meals and Entertainment' },
      });
      expect(new Date(response.body.last_updated).getTime()).toBeGreaterThanOrEqual(new Date(expense.last_updated).getTime());
    });

    it('PATCH changes what is sent, recomputes the total and clears what is sent as null', async () => {
      const expense = await createExpense(owner.api, owner.organisationUniqueId, {
        description: 'to clear',
        tax_amount: '2.00',
        employee_id: member.personUniqueId,
      });
      const response = await member.api.patch(paths.update(expense.unique_id), {
        amount: '10.00',
        description: null,
        employee_id: null,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ amount: '10.00', tax_amount: '2.00', total_amount: '12.00', description: null, employee: null });
      expect(response.body.title).toBe(expense.title);
    });

    it('refuses a status change through PATCH (400) and accepts the current status sent back', async () => {
      const expense = await createExpense(owner.api, owner.organisationUniqueId);
      const refused = await owner.api.patch(paths.update(expense.unique_id), { status: 'approved' });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ status: ['Status cannot be changed by an update; use the expense actions.'] });
      const same = await owner.api.patch(paths.update(expense.unique_id), { status: 'draft', title: 'Same status' });
      expect(same.status).toBe(200);
      expect(same.body).toMatchObject({ status: 'draft', title: 'Same status' });
    });

    it('refuses a different unique_id and an expense_number another expense has', async () => {
      const taken = await createExpense(owner.api, owner.organisationUniqueId);
      const expense = await createExpense(owner.api, owner.organisationUniqueId);
      const response = await owner.api.patch(paths.update(expense.unique_id), { unique_id: 'renamed' });
      expect(response.body).toEqual({ unique_id: ['This field cannot be changed.'] });
      const clash = await owner.api.patch(paths.update(expense.unique_id), { expense_number: taken.expense_number });
      expect(clash.status).toBe(400);
      expect(clash.body).toEqual({ expense_number: ['expense with this expense number already exists.'] });
      const own = await owner.api.patch(paths.update(expense.unique_id), { expense_number: expense.expense_number });
      expect(own.status).toBe(200);
    });

    it.each([
      ['submitted', ['submit']],
      ['approved', ['submit', 'approve']],
      ['paid', ['submit', 'approve', 'mark_paid']],
      ['reimbursed', ['submit', 'approve', 'reimburse']],
    ])('is locked once %s: PUT and PATCH answer 409 and change nothing', async (_status, actions) => {
      const expense = await createExpense(owner.api, owner.organisationUniqueId);
      await actOn(owner.api, owner.organisationUniqueId, expense.unique_id, ...actions);
      const patch = await owner.api.patch(paths.update(expense.unique_id), { title: 'changed' });
      expect(patch.status).toBe(409);
      expect(patch.body).toEqual(LOCKED_EDIT);
      // Locked wins over bad input.
      const put = await owner.api.put(paths.update(expense.unique_id), anExpense({ account_id: 'nope' }));
      expect(put.status).toBe(409);
      expect((await owner.api.get(paths.detail(expense.unique_id))).body.title).toBe(expense.title);
    });

    it('lets a rejected expense be corrected', async () => {
      const expense = await createExpense(member.api, owner.organisationUniqueId);
      await actOn(member.api, owner.organisationUniqueId, expense.unique_id, 'submit');
      await actOn(owner.api, owner.organisationUniqueId, expense.unique_id, 'reject');
      const response = await member.api.patch(paths.update(expense.unique_id), { amount: '30.00' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'rejected', amount: '30.00' });
    });

    it('stamps vat_processed_date when VAT is processed and clears it when not', async () => {
      const expense = await createExpense(owner.api, owner.organisationUniqueId);
      const processed = await owner.api.patch(paths.update(expense.unique_id), { vat_processed: true });
      expect(processed.body.vat_processed).toBe(true);
      expect(processed.body.vat_processed_date).toMatch(/Z$/);
      const again = await owner.api.patch(paths.update(expense.unique_id), { vat_processed: true });
      expect(again.body.vat_processed_date).toBe(processed.body.vat_processed_date);
      const cleared = await owner.api.patch(paths.update(expense.unique_id), { vat_processed: false });
      expect(cleared.body).toMatchObject({ vat_processed: false, vat_processed_date: null });
    });
  });

  describe('delete', () => {
    it('removes a draft (204) and a rejected expense; the expense is then gone', async () => {
      const draft = await createExpense(member.api, owner.organisationUniqueId);
      const response = await member.api.delete(paths.delete(draft.unique_id));
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect((await member.api.get(paths.detail(draft.unique_id))).status).toBe(404);

      const rejected = await createExpense(member.api, owner.organisationUniqueId, { status: 'submitted' });
      await actOn(owner.api, owner.organisationUniqueId, rejected.unique_id, 'reject');
      expect((await member.api.delete(paths.delete(rejected.unique_id))).status).toBe(204);
    });

    it('refuses to delete a submitted expense (409 locked)', async () => {
      const expense = await createExpense(owner.api, owner.organisationUniqueId, { status: 'submitted' });
      const response = await owner.api.delete(paths.delete(expense.unique_id));
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'Only draft and rejected expenses can be deleted.', code: 'locked' });
      expect((await owner.api.get(paths.detail(expense.unique_id))).status).toBe(200);
    });

    it('answers 404 for an expense that does not exist', async () => {
      expect((await owner.api.delete(paths.delete('does-not-exist'))).status).toBe(404);
    });
  });

  describe('the financial year lock date', () => {
    it('freezes expenses dated before it: create, edit and delete answer 409', async () => {
      const old = await createExpense(owner.api, owner.organisationUniqueId, { expense_date: '2025-06-30' });
      const lock = await owner.api.patch(`/api/v1.0/organisation/${owner.organisationUniqueId}/update/`, {
        financial_year_lock_date: '2025-07-01',
      });
      expect(lock.status).toBe(200);
      try {
        const message = 'Expenses dated before the financial year lock date (2025-07-01) cannot be created or changed.';
        const created = await owner.api.post(paths.create, anExpense({ expense_date: '2025-06-30' }));
        expect(created.status).toBe(409);
        expect(created.body).toEqual({ detail: message, code: 'locked' });
        const edited = await owner.api.patch(paths.update(old.unique_id), { title: 'changed' });
        expect(edited.body).toEqual({ detail: message, code: 'locked' });
        const moved = await owner.api.post(paths.create, anExpense({ expense_date: '2025-07-01' }));
        expect(moved.status).toBe(201);
        const backdated = await owner.api.patch(paths.update(moved.body.unique_id), { expense_date: '2025-06-01' });
        expect(backdated.status).toBe(409);
        expect((await owner.api.delete(paths.delete(old.unique_id))).status).toBe(409);
      } finally {
        await owner.api.patch(`/api/v1.0/organisation/${owner.organisationUniqueId}/update/`, { financial_year_lock_date: null });
      }
    });
  });

  describe('another organisation', () => {
    it("answers 404 to a non-member on every endpoint, as for an expense that does not exist", async () => {
      const expense = await createExpense(owner.api, owner.organisationUniqueId);
      const id = expense.unique_id;
      const api = stranger.api;
      const responses = [
        await api.get(paths.list),
        await api.post(paths.create, anExpense()),
        await api.get(paths.detail(id)),
        await api.put(paths.update(id), anExpense()),
        await api.patch(paths.update(id), { title: 'mine now' }),
        await api.get(paths.action(id, 'submit')),
        await api.post(paths.action(id, 'submit')),
        await api.delete(paths.delete(id)),
        await api.get(paths.receipt(id)),
        await owner.api.get(paths.detail('does-not-exist')),
      ];
      for (const response of responses) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: 'Not found.' });
      }
      const after = await owner.api.get(paths.detail(id));
      expect(after.body).toMatchObject({ status: 'draft', title: expense.title });
    });

    it("keeps an organisation's expenses out of another's list", async () => {
      const theirs = await stranger.api.get(expensePaths(stranger.organisationUniqueId).list);
      expect(theirs.status).toBe(200);
      expect(theirs.body.map((e: { expense_number: string }) => e.expense_number)).toEqual(['SHARED-1']);
    });
  });

  describe('methods', () => {
    it('answers 405 to a GET on create and to a POST on the detail', async () => {
      const create = await owner.api.get(paths.create);
      expect(create.status).toBe(405);
      expect(create.body).toEqual({ detail: 'Method "GET" not allowed.' });
      expect((await owner.api.post(paths.detail('x'), {})).status).toBe(405);
    });

    it('refuses a body that is neither JSON nor multipart (415)', async () => {
      const response = await owner.api.post(paths.create, undefined, { raw: 'title=x', contentType: 'application/x-www-form-urlencoded' });
      expect(response.status).toBe(415);
    });
  });
});
