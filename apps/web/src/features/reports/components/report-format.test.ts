import { afterEach, describe, expect, it } from 'vitest';
import { formatChartValue } from '@/components/charts/chart-figure';
import { activateLocale } from '@/lib/i18n';
import { formatCount, formatPercent } from './report-format';

describe('the reports’ and charts’ numbers', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('writes them as in English for an English person, as the PDF does', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatPercent(87.5)).toBe('87.50%');
    expect(formatPercent(Number.NaN)).toBe('0.00%');
    expect(formatChartValue(1234)).toBe('1,234');
  });

  it('writes them as the language shown does', async () => {
    await activateLocale('de');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatPercent(87.5)).toBe('87,50\u00a0%');
    expect(formatChartValue(1234)).toBe('1.234');
    await activateLocale('ja');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatPercent(87.5)).toBe('87.50%');
  });
});
