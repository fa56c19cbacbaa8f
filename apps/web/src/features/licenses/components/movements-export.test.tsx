import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { pagedReply, queryOf } from '@/test/accounts';
import { movement } from '@/test/license-fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { recordDownloads } from '@/test/downloads';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

/** What the browser was asked to save. */
const saved = recordDownloads();

function setUp(exportReply: (request: Request) => Response) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['Admin'])),
    'GET /api/LicenseMovement': pagedReply([movement()], 250),
    'GET /api/LicenseMovement/export': exportReply,
  });
  renderApp('/license-movement?filter=ann&action=Revoke');
  return { api, user: userEvent.setup() };
}

describe('Export CSV on the License Movement screen', () => {
  it('exports with the current search and action, no paging, under the server’s file name', async () => {
    const { api, user } = setUp(
      () =>
        new Response('\uFEFFDate,Action\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="movements_2026-11-24T1830Z.csv"',
          },
        }),
    );
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(queryOf(api.calls('GET /api/LicenseMovement/export')[0])).toEqual({ search: 'ann', action: 'Revoke' });
    expect(saved[0]?.name).toBe('movements_2026-11-24T1830Z.csv');
    expect(await saved[0]?.content).toContain('Date,Action');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('says the export failed when the server cannot make the file', async () => {
    const { user } = setUp(() => new Response(JSON.stringify({ success: false, message: 'boom' }), { status: 500 }));
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to export. Please try again.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
