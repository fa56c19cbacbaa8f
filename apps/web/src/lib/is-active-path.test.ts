import { describe, expect, it } from 'vitest';
import { isActivePath } from './is-active-path';

describe('isActivePath', () => {
  it('is active on the link path itself', () => {
    expect(isActivePath('/dashboard', '/dashboard')).toBe(true);
  });

  it('compares case-insensitively', () => {
    expect(isActivePath('/Reports/USERS', '/reports/users')).toBe(true);
    expect(isActivePath('/license-movement', '/License-Movement')).toBe(true);
  });

  it('is active below the link path, after a slash', () => {
    expect(isActivePath('/settings/change-password', '/settings')).toBe(true);
    expect(isActivePath('/dashboard/', '/dashboard')).toBe(true);
  });

  it('is not active on a path that merely starts with the same letters', () => {
    expect(isActivePath('/licenses-archive', '/licenses')).toBe(false);
    expect(isActivePath('/license-pools', '/licenses')).toBe(false);
    expect(isActivePath('/reports/jobs', '/reports/job')).toBe(false);
  });

  it('is not active on a parent or sibling path', () => {
    expect(isActivePath('/reports', '/reports/users')).toBe(false);
    expect(isActivePath('/reports/machine', '/reports/users')).toBe(false);
  });

  it('never marks an external link active', () => {
    expect(isActivePath('/help', 'https://docs.example/help')).toBe(false);
  });
});
