import { CalendarDate } from '../shared/calendar-date';

/** HR details of a person. Medical fields are encrypted at rest by the storage adapter. */
export interface EmployeeInformation {
  idNumber: string | null;
  employeeNumber: string | null;
  taxNumber: string | null;
  phoneNumber: string | null;
  birthday: CalendarDate | null;
  socialUrl: string | null;
  emergencyContact: string | null;
  emergencyPhone: string | null;
  medicalAidNumber: string | null;
  medicalAidProvider: string | null;
  medicalAidPlan: string | null;
  medicalConditions: string | null;
  allergies: string | null;
  medications: string | null;
  startDate: CalendarDate | null;
  endDate: CalendarDate | null;
  isActiveEmployee: boolean;
  dateCreated: Date;
  lastUpdated: Date;
}

export type EmployeeDetails = Omit<EmployeeInformation, 'dateCreated' | 'lastUpdated'>;

export const EMPLOYEE_LIMITS = {
  idNumber: 100,
  employeeNumber: 100,
  taxNumber: 100,
  phoneNumber: 200,
  socialUrl: 300,
  emergencyContact: 300,
  emergencyPhone: 200,
  medicalAid: 300,
} as const;

export function changeEmployeeInformation(
  current: EmployeeInformation | null,
  changes: Partial<EmployeeDetails> | null | undefined,
  now: Date,
): EmployeeInformation | null {
  if (changes === undefined) return current;
  if (changes === null) return null;
  const base: EmployeeInformation = current ?? {
    idNumber: null,
    employeeNumber: null,
    taxNumber: null,
    phoneNumber: null,
    birthday: null,
    socialUrl: null,
    emergencyContact: null,
    emergencyPhone: null,
    medicalAidNumber: null,
    medicalAidProvider: null,
    medicalAidPlan: null,
    medicalConditions: null,
    allergies: null,
    medications: null,
    startDate: null,
    endDate: null,
    isActiveEmployee: true,
    dateCreated: now,
    lastUpdated: now,
  };
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  return { ...base, ...defined, lastUpdated: now };
}
