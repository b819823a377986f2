import { ApiClient, ApiResponse } from './api-client';

/** Paths of the expense and account endpoints of one organisation. */
export function expensePaths(organisationUniqueId: string) {
  const expenses = `/api/v1.0/organisation/${organisationUniqueId}/expenses`;
  const accounts = `/api/v1.0/organisation/${organisationUniqueId}/accounts`;
  return {
    list: `${expenses}/`,
    create: `${expenses}/create/`,
    detail: (id: string) => `${expenses}/${id}/`,
    update: (id: string) => `${expenses}/${id}/update/`,
    delete: (id: string) => `${expenses}/${id}/delete/`,
    action: (id: string, action?: string, reason?: string) => {
      const query = new URLSearchParams();
      if (action !== undefined) query.set('action', action);
      if (reason !== undefined) query.set('reason', reason);
      const text = query.toString();
      return `${expenses}/${id}/action/${text ? `?${text}` : ''}`;
    },
    receipt: (id: string) => `${expenses}/${id}/receipt/`,
    accounts: {
      list: `${accounts}/`,
      create: `${accounts}/create/`,
      detail: (id: string) => `${accounts}/${id}/`,
      update: (id: string) => `${accounts}/${id}/update/`,
      delete: (id: string) => `${accounts}/${id}/delete/`,
    },
  };
}

let counter = 0;

/** The required fields of a valid expense, booked to the seeded Travel account. */
export function anExpense(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    title: `Taxi ${counter}`,
    expense_number: `EXP-${String(counter).padStart(6, '0')}`,
    account_id: 'acct-6300',
    expense_date: '2026-01-15',
    amount: '25.00',
    ...overrides,
  };
}

/** Creates an expense and fails the test unless it is created. */
export async function createExpense(api: ApiClient, organisationUniqueId: string, overrides: Record<string, unknown> = {}) {
  const response = await api.post(expensePaths(organisationUniqueId).create, anExpense(overrides));
  if (response.status !== 201) throw new Error(`expense not created: ${response.status} ${response.text}`);
  return response.body as Record<string, any>;
}

/** Runs the actions in order on an expense, failing the test on the first that is refused. */
export async function actOn(api: ApiClient, organisationUniqueId: string, uniqueId: string, ...actions: string[]) {
  let response: ApiResponse | undefined;
  for (const action of actions) {
    response = await api.get(expensePaths(organisationUniqueId).action(uniqueId, action));
    if (response.status !== 200) throw new Error(`${action} refused: ${response.status} ${response.text}`);
  }
  return response?.body;
}

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** Small files whose first bytes are those of each accepted receipt type. */
export const RECEIPT_FILES = {
  pdf: { type: 'application/pdf', bytes: Buffer.concat([ascii('%PDF-1.7\n'), ascii('1 0 obj <<>> endobj\n%%EOF\n')]) },
  png: { type: 'image/png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]) },
  jpeg: { type: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]) },
  webp: { type: 'image/webp', bytes: Buffer.concat([ascii('RIFF'), Buffer.from([0x1a, 0, 0, 0]), ascii('WEBPVP8 '), Buffer.alloc(10)]) },
} as const;

/** A Windows executable ("MZ" header) that a client renamed and labelled as a PDF. */
export const RENAMED_EXECUTABLE = Buffer.concat([ascii('MZ'), Buffer.from([0x90, 0x00, 0x03, 0x00]), Buffer.alloc(58), ascii('This program cannot be run in DOS mode.')]);

/** A multipart body of text fields and, optionally, a receipt file part. */
export function multipart(
  fields: Record<string, unknown>,
  receipt?: { bytes: Buffer; type?: string; name?: string },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  if (receipt) {
    form.append('receipt', new Blob([receipt.bytes], { type: receipt.type ?? 'application/octet-stream' }), receipt.name ?? 'receipt.pdf');
  }
  return form;
}
