import type { AlertSettings } from '@portal/contracts/alerts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

const SETTINGS: AlertSettings = {
  expiryWindowDays: 30,
  expiryWindowIsDefault: true,
  thresholds: [
    { productCode: 'ARC', productName: 'Archive Migration', threshold: 0 },
    { productCode: 'MBX', productName: 'Mailbox Migration', threshold: 50 },
  ],
};

describe('settings: alerts', () => {
  it('shows an Admin its window and thresholds, and saves them with the server’s notice', async () => {
    signIn();
    const saved: AlertSettings = {
      expiryWindowDays: 14,
      expiryWindowIsDefault: false,
      thresholds: [
        { productCode: 'ARC', productName: 'Archive Migration', threshold: 7 },
        { productCode: 'MBX', productName: 'Mailbox Migration', threshold: 50 },
      ],
    };
    const api = mockApi({
      'GET /api/User/me': ok(userWith(['Admin'])),
      'GET /api/Alerts/settings': ok(SETTINGS),
      'PUT /api/Alerts/settings': ok(saved, { message: 'Alert settings saved.' }),
    });
    renderApp('/settings/alerts');
    const user = userEvent.setup();
    const window = await screen.findByLabelText('Expiry window (days)');
    expect(window).toHaveValue(30);
    expect(screen.getByLabelText('Mailbox Migration')).toHaveValue(50);
    expect(screen.getByRole('link', { name: 'Alerts' })).toHaveAttribute('href', '/settings/alerts');

    await user.clear(window);
    await user.type(window, '14');
    await user.clear(screen.getByLabelText('Archive Migration'));
    await user.type(screen.getByLabelText('Archive Migration'), '7');
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));

    expect(await screen.findByText('Alert settings saved.')).toBeInTheDocument();
    expect(await api.bodiesOf('PUT /api/Alerts/settings')).toEqual([
      {
        expiryWindowDays: 14,
        thresholds: [
          { productCode: 'ARC', threshold: 7 },
          { productCode: 'MBX', threshold: 50 },
        ],
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Archive Migration')).toHaveValue(7));
  });

  it.each([
    ['Expiry window (days)', '400', 'The expiry window must be from 1 to 365 days'],
    ['Expiry window (days)', '', 'Enter the number of days, from 1 to 365'],
    ['Archive Migration', '-2', 'A threshold must be 0 or more'],
    ['Archive Migration', '1.5', 'A threshold must be a whole number'],
  ])('checks %s = "%s" before sending', async (label, value, message) => {
    signIn();
    const api = mockApi({
      'GET /api/User/me': ok(userWith(['Admin'])),
      'GET /api/Alerts/settings': ok(SETTINGS),
    });
    renderApp('/settings/alerts');
    const user = userEvent.setup();
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT /api/Alerts/settings')).toHaveLength(0);
  });

  it('is not offered to roles that cannot set alerts', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Auditor'])) });
    renderApp('/settings');
    await screen.findByLabelText('Username');
    expect(screen.queryByRole('link', { name: 'Alerts' })).not.toBeInTheDocument();
  });
});
