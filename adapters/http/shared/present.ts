import { PersonRef } from '../../../application/shared/actor';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { wireSchema as s } from './wire-schema';

function dateTime(value: Date): string;
function dateTime(value: Date | null | undefined): string | null;
function dateTime(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

function date(value: CalendarDate): string;
function date(value: CalendarDate | null | undefined): string | null;
function date(value: CalendarDate | null | undefined): string | null {
  return value ? value.toString() : null;
}

function decimal(value: Decimal, places?: number): string;
function decimal(value: Decimal | null | undefined, places?: number): string | null;
function decimal(value: Decimal | null | undefined, places = 2): string | null {
  return value ? value.toFixed(places) : null;
}

function person(ref: PersonRef): { unique_id: string; full_name: string };
function person(ref: PersonRef | null | undefined): { unique_id: string; full_name: string } | null;
function person(ref: PersonRef | null | undefined): { unique_id: string; full_name: string } | null {
  return ref ? { unique_id: ref.uniqueId, full_name: ref.fullName } : null;
}

/** Wire formats every presenter shares: DRF's decimals, dates and date-times; a value in, never null out. */
export const wire = { dateTime, date, decimal, person };

/** `{unique_id, full_name}`: a nested reference to a person. */
export const PERSON_REF_SCHEMA = s.named('PersonRef', s.object<ReturnType<typeof person>>({ unique_id: s.uniqueId(), full_name: s.text() }));
