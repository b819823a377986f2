import { CalendarDate } from '../shared/calendar-date';
import { FinancialYearEnd } from '../shared/enumerations';

/**
 * The label of the financial year that contains `today`: `FY2026` for a year
 * that ends on 31 December, `FY2026/27` for one that ends in 2027 on another day.
 */
export function financialYearLabel(yearEnd: FinancialYearEnd, today: CalendarDate): string {
  const [month, day] = yearEnd.split('-').map(Number);
  const endThisYear = CalendarDate.fromParts(today.year, month, day);
  const endYear = endThisYear && !today.isAfter(endThisYear) ? today.year : today.year + 1;
  if (yearEnd === '12-31') return `FY${endYear}`;
  return `FY${endYear - 1}/${String(endYear % 100).padStart(2, '0')}`;
}
