import type { AuditEvent } from '@portal/contracts/audit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { pagedReply, queryOf } from '@/test/accounts';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';
import { cellTexts } from '@/test/table';

const event = (overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: 7,
  createdAt: '2026-02-03T10:04:05.000Z',
  actorId: '11111111-1111-4111-8111-111111111111',
  actorEmail: 'admin@example.com',
  apiKeyName: null,
  action: 'account.roles',
  outcome: 'success',
  targetId: '22222222-2222-4222-8222-222222222222',
  targetLabel: 'ann@example.com',
  detail: {},
  ip: '203.0.113.9',
  ...overrides,
});

function setUp(roles: Parameters<typeof userWith>[0], path = '/audit-trail') {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    'GET /api/Audit': pagedReply(
      [
        event(),
        event({ id: 6, actorId: null, actorEmail: null, outcome: 'failure', targetId: null, targetLabel: null }),
      ],
      2,
    ),
  });
  renderApp(path);
  return api;
}

describe('Audit Trail screen (/audit-trail)', () => {
  it('lists who did what, when and from where, 50 a page', async () => {
    const api = setUp(['Auditor']);
    expect(await screen.findByRole('heading', { name: 'Audit Trail', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Audit Trail' });
    const row = (await within(table).findByText('ann@example.com')).closest('tr')!;
    expect(cellTexts(row)).toEqual([
      expect.stringMatching(/^03\/02\/2026 \d\d:04:05$/),
      'admin@example.com',
      'Roles changed',
      'Success',
      'ann@example.com',
      '203.0.113.9',
    ]);
    expect(within(table).getByText('Unknown')).toBeInTheDocument();
    expect(queryOf(api.calls('GET /api/Audit')[0])).toEqual({ pageNumber: '1', pageSize: '50' });
  });

  it('names the API key an integration acted through, quoted', async () => {
    signIn();
    mockApi({
      'GET /api/User/me': ok(userWith(['Auditor'])),
      'GET /api/Audit': pagedReply([event({ apiKeyName: 'MIG-WS-01 agent' })], 1),
    });
    renderApp('/audit-trail');
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    expect(cellTexts(row)[1]).toBe("admin@example.com via key 'MIG-WS-01 agent'");
  });

  it('sends the date range as local days, the last one included', async () => {
    const api = setUp(['Admin'], '/audit-trail?from=2026-02-01&to=2026-02-03');
    await screen.findByRole('heading', { name: 'Audit Trail', level: 1 });
    await waitFor(() => expect(api.calls('GET /api/Audit').length).toBeGreaterThan(0));
    expect(queryOf(api.calls('GET /api/Audit')[0])).toMatchObject({
      from: new Date(2026, 1, 1).toISOString(),
      to: new Date(2026, 1, 4).toISOString(),
    });
    // The native picker shows the browser's format: the day is also written as the tables write it.
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('01/02/2026');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('03/02/2026');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    await waitFor(() => expect(queryOf(api.calls('GET /api/Audit').at(-1)).from).toBeUndefined());
  });
});
