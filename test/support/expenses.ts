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
const base64 = (text: string) => Buffer.from(text, 'base64');

/**
 * Small files of each accepted receipt type. The images are real ones (3 × 2, 4 × 3 and 5 × 4 pixels of
 * one colour) as the service's re-encoding writes them, without metadata: it gives them back byte for byte.
 */
export const RECEIPT_FILES = {
  pdf: { type: 'application/pdf', bytes: Buffer.concat([ascii('%PDF-1.7\n'), ascii('1 0 obj <<>> endobj\n%%EOF\n')]) },
  png: { type: 'image/png', bytes: base64('iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IScHQQxwFgBBAAYZ0KRMBAAAAABJRU5ErkJggg==') },
  jpeg: {
    type: 'image/jpeg',
    bytes: base64(
      '/9j/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAACP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJ0ASY6P/9k=',
    ),
  },
  webp: { type: 'image/webp', bytes: base64('UklGRh4AAABXRUJQVlA4TBEAAAAvBMAAAAdQ5HrUo/+BiOh/AAA=') },
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
