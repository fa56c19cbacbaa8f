import { describe, expect, it } from 'vitest';
import { PAGE_PATTERNS, PAGES } from './pages';

describe('the page table', () => {
  it('builds the links of the pages that take a parameter, form-encoded', () => {
    expect(PAGES.poolUsers({ id: 'p 1/2', name: "Sales & Co (EU) +1's" })).toBe(
      '/pool/users/p%201%2F2?poolName=Sales+%26+Co+%28EU%29+%2B1%27s',
    );
    expect(PAGES.poolEdit({ id: 'p1', name: 'Ops' })).toBe('/pool/edit/p1?poolName=Ops');
    expect(PAGES.job('j1')).toBe('/reports/job?jobId=j1');
    expect(PAGES.folders('m1')).toBe('/reports/folders?mailboxId=m1');
  });

  it('narrows the Job View only by the filters given', () => {
    expect(PAGES.jobs()).toBe(PAGES.reportJobs);
    expect(PAGES.jobs({ userId: '', machineName: 'PC 7' })).toBe('/reports/jobs?machineName=PC+7');
    expect(PAGES.jobs({ userId: 'u1', machineName: 'PC' })).toBe('/reports/jobs?userId=u1&machineName=PC');
  });

  it('gives the router a pattern for each page with a path parameter', () => {
    expect(PAGES.poolUsers({ id: 'x', name: 'y' }).startsWith(PAGE_PATTERNS.poolUsers.replace(':poolId', 'x'))).toBe(
      true,
    );
    expect(PAGES.job('x').split('?')[0]).toBe(PAGE_PATTERNS.job);
  });
});
