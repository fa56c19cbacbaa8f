import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/test/app-dom';
import { pagedReply, queryOf } from '@/test/accounts';
import { movement } from '@/test/license-fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

/** What the browser was asked to save: the object URL's content and the link's file name. */
const saved: { name: string; content: Promise<string> }[] = [];
let blobs: Map<string, Blob>;

beforeEach(() => {
  saved.length = 0;
  blobs = new Map();
  // jsdom has neither object URLs nor downloads; these record what the app hands the browser.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:csv-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => blobs.delete(url),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    saved.push({ name: this.download, content: blob ? blob.text() : Promise.resolve('') });
  });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

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
