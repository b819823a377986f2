import { SecretBox } from '../../../application/shared/ports';
import { Address } from '../../../domain/shared/address';
import { BankingInformation } from '../../../domain/shared/banking-information';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { EmployeeInformation } from '../../../domain/person/employee-information';

/**
 * Nested objects are stored as JSON text; the ones holding bank or medical
 * details are sealed whole with the secret box (AES-256-GCM) before storage.
 */
export function encodeAddress(address: Address | null): string | null {
  return address ? JSON.stringify(address) : null;
}

export function decodeAddress(text: string | null): Address | null {
  return text ? (JSON.parse(text) as Address) : null;
}

export function sealBanking(box: SecretBox, banking: BankingInformation | null): string | null {
  if (!banking) return null;
  return box.seal(JSON.stringify({ ...banking, dateCreated: banking.dateCreated.toISOString(), lastUpdated: banking.lastUpdated.toISOString() }));
}

export function openBanking(box: SecretBox, sealed: string | null): BankingInformation | null {
  if (!sealed) return null;
  const raw = JSON.parse(box.open(sealed));
  return Object.assign({}, raw, { dateCreated: new Date(raw.dateCreated), lastUpdated: new Date(raw.lastUpdated) });
}

const EMPLOYEE_DATES = ['birthday', 'startDate', 'endDate'] as const;

export function sealEmployee(box: SecretBox, employee: EmployeeInformation | null): string | null {
  if (!employee) return null;
  const plain = Object.assign({}, employee, Object.fromEntries(EMPLOYEE_DATES.map((key) => [key, employee[key]?.toString() ?? null])), {
    dateCreated: employee.dateCreated.toISOString(),
    lastUpdated: employee.lastUpdated.toISOString(),
  });
  return box.seal(JSON.stringify(plain));
}

export function openEmployee(box: SecretBox, sealed: string | null): EmployeeInformation | null {
  if (!sealed) return null;
  const raw = JSON.parse(box.open(sealed));
  return Object.assign({}, raw, Object.fromEntries(EMPLOYEE_DATES.map((key) => [key, raw[key] ? CalendarDate.of(raw[key]) : null])), {
    dateCreated: new Date(raw.dateCreated),
    lastUpdated: new Date(raw.lastUpdated),
  });
}
