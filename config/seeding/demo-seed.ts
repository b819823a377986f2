import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { createLogger } from '../../adapters/system/logger';
import { bootstrap } from '../bootstrap';
import { loadConfig } from '../config';

export interface DemoAccount {
  email: string;
  password: string;
  organisation: string;
}

type Step = { method: 'POST' | 'PATCH' | 'GET'; path: string; body?: object };

const VENDORS = ['Acme Paper', 'Blue Ink Ltd', 'Cloud Hosting Co', 'Desk & Chair', 'Evergreen Cleaning', 'Fast Couriers', 'Good Coffee', 'Harbour Print'];
/** An expense per status, each reached by the workflow's own actions (none: a draft). */
const EXPENSES: { title: string; account: string; amount: string; vendor: number | null; actions: string[] }[] = [
  { title: 'Printer paper', account: 'acct-6200', amount: '45.90', vendor: 0, actions: [] },
  { title: 'Taxi to the client', account: 'acct-6300', amount: '23.50', vendor: null, actions: ['submit'] },
  { title: 'Server hosting, March', account: 'acct-6500', amount: '120.00', vendor: 2, actions: ['submit', 'approve'] },
  { title: 'Courier to Mombasa', account: 'acct-6300', amount: '18.75', vendor: 5, actions: ['submit', 'approve', 'mark_paid'] },
  { title: 'Team lunch', account: 'acct-6300', amount: '86.40', vendor: 6, actions: ['submit', 'reject'] },
  { title: 'Conference ticket', account: 'acct-6300', amount: '350.00', vendor: null, actions: ['submit', 'approve', 'reimburse'] },
  { title: 'Office chairs', account: 'acct-5000', amount: '640.00', vendor: 3, actions: ['submit', 'approve', 'mark_paid'] },
  { title: 'Business cards', account: 'acct-6200', amount: '32.00', vendor: 7, actions: [] },
];
const LEADS: { title: string; stage: string; value: string }[] = [
  { title: 'Website redesign for Kilimo Co-op', stage: 'stage-new', value: '4500.00' },
  { title: 'Annual support contract', stage: 'stage-qualified', value: '12000.00' },
  { title: 'Office fit-out', stage: 'stage-proposal', value: '28000.00' },
  { title: 'Bulk stationery supply', stage: 'stage-negotiation', value: '3200.00' },
  { title: 'Payroll integration', stage: 'stage-won', value: '9800.00' },
  { title: 'Fleet tracking pilot', stage: 'stage-lost', value: '15000.00' },
];
const CONTACTS = [
  { first_name: 'Amina', last_name: 'Otieno', email: 'amina@acmepaper.example', entity_type: 'vendor' },
  { first_name: 'Brian', last_name: 'Kamau', email: 'brian@blueink.example', entity_type: 'vendor' },
  { first_name: 'Chloe', last_name: 'Wanjiru', email: 'chloe@kilimo.example', entity_type: 'client', primary_contact: true },
];

/**
 * A demo organisation, filled through the API itself (every rule applies):
 * its owner, vendors, an expense in every status reached by the workflow's
 * actions, a lead in every stage of the pipeline and a group of contacts.
 * The server runs in this process on a loopback port of its own for the
 * time it takes.
 */
export async function seedDemo(
  env: Record<string, string | undefined>,
  account: { email: string; password?: string },
  progress: (done: number, total: number) => void,
): Promise<DemoAccount> {
  const config = loadConfig(env);
  const application = await bootstrap({ config, logger: createLogger('silent'), deliverWebhooks: false });
  const server = http.createServer(application.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const password = account.password ?? randomBytes(12).toString('base64url');
  try {
    const signUp = await call(base, null, {
      method: 'POST',
      path: '/api/v1.0/auth/signup/',
      body: { email: account.email, password, first_name: 'Demo', last_name: 'Owner', organisation_name: 'Demo Trading Ltd' },
    });
    const org = `/api/v1.0/organisation/${(signUp.organisation as { unique_id: string }).unique_id}`;
    const steps: Step[] = [
      ...VENDORS.map((name, i) => ({ method: 'POST' as const, path: `${org}/vendors/create/`, body: { name, unique_id: `vendor-${i + 1}` } })),
      ...EXPENSES.flatMap((expense, i) => [
        {
          method: 'POST' as const,
          path: `${org}/expenses/create/`,
          body: {
            unique_id: `expense-${i + 1}`,
            title: expense.title,
            expense_number: `EXP-${String(i + 1).padStart(4, '0')}`,
            account_id: expense.account,
            expense_date: `2026-0${1 + (i % 3)}-${String(10 + i).padStart(2, '0')}`,
            amount: expense.amount,
            ...(expense.vendor !== null && { vendor_id: `vendor-${expense.vendor + 1}` }),
          },
        },
        ...expense.actions.map((action) => ({
          method: 'GET' as const,
          path: `${org}/expenses/expense-${i + 1}/action/?action=${action}${action === 'reject' ? '&reason=No+receipt' : ''}`,
        })),
      ]),
      ...LEADS.map((lead, i) => ({
        method: 'POST' as const,
        path: `${org}/leads/create/`,
        body: { unique_id: `lead-${i + 1}`, title: lead.title, lead_source: 'referral', sales_stage: lead.stage, estimated_value: lead.value },
      })),
      { method: 'POST', path: `${org}/contact-groups/create/`, body: { unique_id: 'key-people', name: 'Key people' } },
      ...CONTACTS.map((contact, i) => ({ method: 'POST' as const, path: `${org}/contact-groups/key-people/contacts/create/`, body: { unique_id: `contact-${i + 1}`, ...contact } })),
    ];
    const auth = `Basic ${Buffer.from(`${account.email}:${password}`).toString('base64')}`;
    for (const [index, step] of steps.entries()) {
      await call(base, auth, step);
      progress(index + 1, steps.length);
    }
    return { email: account.email, password, organisation: (signUp.organisation as { unique_id: string }).unique_id };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await application.close();
  }
}

async function call(base: string, auth: string | null, step: Step): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${step.path}`, {
    method: step.method,
    headers: { ...(auth && { Authorization: auth }), ...(step.body && { 'Content-Type': 'application/json' }) },
    body: step.body && JSON.stringify(step.body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${step.method} ${step.path.replace(/\?.*/, '')} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}
