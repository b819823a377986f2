import { financialYearLabel } from '../../../../domain/organisation/financial-year';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { FinancialYearEnd } from '../../../../domain/shared/enumerations';

const label = (yearEnd: FinancialYearEnd, today: string) => financialYearLabel(yearEnd, CalendarDate.of(today));

describe('financial year label', () => {
  it('is the calendar year for a year ending 31 December', () => {
    expect(label('12-31', '2026-01-01')).toBe('FY2026');
    expect(label('12-31', '2026-06-15')).toBe('FY2026');
    expect(label('12-31', '2026-12-31')).toBe('FY2026');
  });

  it('names both years when the year ends on another day, the end day included', () => {
    expect(label('03-31', '2026-03-31')).toBe('FY2025/26');
    expect(label('03-31', '2026-04-01')).toBe('FY2026/27');
    expect(label('03-31', '2026-01-15')).toBe('FY2025/26');
    expect(label('06-30', '2026-07-01')).toBe('FY2026/27');
    expect(label('01-31', '2026-01-31')).toBe('FY2025/26');
    expect(label('01-31', '2026-02-01')).toBe('FY2026/27');
    expect(label('11-30', '2026-12-31')).toBe('FY2026/27');
  });

  it('turns over after 28 February in leap and common years alike', () => {
    expect(label('02-28', '2025-02-28')).toBe('FY2024/25');
    expect(label('02-28', '2025-03-01')).toBe('FY2025/26');
    expect(label('02-28', '2024-02-28')).toBe('FY2023/24');
    // The year end is the 28th as labelled; the leap day starts the next year.
    expect(label('02-28', '2024-02-29')).toBe('FY2024/25');
    expect(label('02-28', '2024-03-01')).toBe('FY2024/25');
  });

  it('writes the second year with two digits across a century', () => {
    expect(label('03-31', '2099-06-01')).toBe('FY2099/00');
    expect(label('03-31', '2100-03-31')).toBe('FY2099/00');
    expect(label('03-31', '2108-05-01')).toBe('FY2108/09');
    expect(label('12-31', '2100-01-01')).toBe('FY2100');
  });
});
