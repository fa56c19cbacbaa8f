import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';
import { pageTitleOf } from './page-titles';

describe('page titles (WCAG 2.4.2)', () => {
  it('names each screen, then the product', () => {
    expect(pageTitleOf('/child-accounts')).toBe('Users · MigrateHub License Portal');
    expect(pageTitleOf('/dashboard')).toBe('Dashboard · MigrateHub License Portal');
    expect(pageTitleOf('/pool/users/42')).toBe('Pool Users · MigrateHub License Portal');
    expect(pageTitleOf('/settings/change-password')).toBe('Change Password · Settings · MigrateHub License Portal');
    expect(pageTitleOf('/no-such-page')).toBe('Page Not Found · MigrateHub License Portal');
  });

  it('gives every route of the app a title of its own', () => {
    const paths = ['/', '/intro', '/dashboard', '/child-accounts', '/users', '/licenses', '/license-pools'];
    const titles = new Set(paths.map(pageTitleOf));
    expect(titles.size).toBe(paths.length);
  });

  it('sets the document title as the app moves between screens', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Admin'])) });
    const { router } = renderApp('/intro');
    await waitFor(() => expect(document.title).toBe('Get Started · MigrateHub License Portal'));
    void router.navigate('/no-such-page');
    await waitFor(() => expect(document.title).toBe('Page Not Found · MigrateHub License Portal'));
  });
});
