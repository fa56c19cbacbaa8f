import { describe, expect, it } from 'vitest';
import { contentDisposition } from './reports.pdf';
import { reportDate } from './reports.pdf-render';
import { completionPercentage, isoOf } from './reports.rows';

const items = (totalItems: number, migratedItems: number, failedItems = 0, filteredItems = 0) => ({
  totalItems,
  migratedItems,
  failedItems,
  filteredItems,
});

describe('completionPercentage', () => {
  it('counts migrated, failed and filtered items over the total, with two decimals', () => {
    expect(completionPercentage(items(3, 1), 'InProgress')).toBe(33.33);
    expect(completionPercentage(items(3, 2), 'InProgress')).toBe(66.67);
    expect(completionPercentage(items(40, 37, 2, 1), 'CompletedWithErrors')).toBe(100);
    expect(completionPercentage(items(8, 1, 1, 1), 'InProgress')).toBe(37.5);
  });

  it('is at most 100, even when the counters overtake a total reported earlier', () => {
    expect(completionPercentage(items(10, 12), 'InProgress')).toBe(100);
  });

  it('is 100 with no items once the status is final, else 0', () => {
    for (const status of ['Completed', 'CompletedWithErrors', 'Failed', 'Cancelled']) {
      expect(completionPercentage(items(0, 0), status)).toBe(100);
    }
    expect(completionPercentage(items(0, 0), 'InProgress')).toBe(0);
    expect(completionPercentage(items(0, 0), 'NotStarted')).toBe(0);
  });
});

describe('dates', () => {
  it("reads PostgreSQL's text form in any offset as UTC", () => {
    expect(isoOf('2026-11-21 09:00:00.123456+00')).toBe('2026-11-21T09:00:00.123Z');
    expect(isoOf('2026-11-21 10:30:00+01:30')).toBe('2026-11-21T09:00:00.000Z');
    expect(isoOf('2026-11-21 06:00:00-03')).toBe('2026-11-21T09:00:00.000Z');
    expect(isoOf(null)).toBeNull();
  });

  it('prints dd/MM/yyyy HH:mm:ss in the time zone asked', () => {
    expect(reportDate('2026-03-04T05:06:07.890Z', 'UTC')).toBe('04/03/2026 05:06:07');
    expect(reportDate(new Date('2026-12-31T23:59:59Z'), 'UTC')).toBe('31/12/2026 23:59:59');
    expect(reportDate(new Date('2026-12-31T23:59:59Z'), 'Europe/Paris')).toBe('01/01/2027 00:59:59');
    expect(reportDate('2026-07-01T12:00:00.000Z', 'America/New_York')).toBe('01/07/2026 08:00:00');
    expect(reportDate(null, 'Europe/Paris')).toBe('-');
  });
});

describe("the PDF's file name", () => {
  const id = '6f1c1f0e-0000-4000-8000-000000000001';

  it("is the job's name made safe, in ASCII and in UTF-8", () => {
    expect(contentDisposition('Wave 1: "HR/Legal"', id)).toBe(
      `attachment; filename="Migration_Report_Wave_1_HR_Legal.pdf"; filename*=UTF-8''Migration_Report_Wave_1_HR_Legal.pdf`,
    );
  });

  it('falls back to the id in the ASCII name when the job name is not ASCII', () => {
    expect(contentDisposition('Überführung', id)).toBe(
      `attachment; filename="Migration_Report_${id}.pdf"; filename*=UTF-8''Migration_Report_%C3%9Cberf%C3%BChrung.pdf`,
    );
  });

  it('is the id when the name leaves nothing', () => {
    expect(contentDisposition('***', id)).toBe(
      `attachment; filename="Migration_Report_${id}.pdf"; filename*=UTF-8''Migration_Report_${id}.pdf`,
    );
  });
});
