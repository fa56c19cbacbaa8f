import type { Route } from './route';

/**
 * The sign-in and self-service part of the API's address table (routes.ts spreads it into ROUTES):
 * kept apart so that the lean login page loads these addresses only, not the whole table
 * (docs/decisions/002-login-page-budget.md).
 */
export const AUTH_ROUTES = {
  login: { method: 'POST', path: '/User/login' },
  me: { method: 'GET', path: '/User/me' },
  logout: { method: 'POST', path: '/User/logout' },

  validateTwoFactor: { method: 'POST', path: '/User/validate-2fa' },
  resendTwoFactor: { method: 'POST', path: '/User/resend-2fa' },
  mfaStatus: { method: 'GET', path: '/User/mfa' },
  totpSetup: { method: 'POST', path: '/User/mfa/totp' },
  totpConfirm: { method: 'POST', path: '/User/mfa/totp/confirm' },
  totpRemove: { method: 'DELETE', path: '/User/mfa/totp' },
  recoveryCodesRenew: { method: 'POST', path: '/User/mfa/recovery-codes' },
  mfaPolicy: { method: 'GET', path: '/Organisation/mfa-policy' },
  setMfaPolicy: { method: 'PUT', path: '/Organisation/mfa-policy' },

  passwordRequirements: { method: 'GET', path: '/User/password-requirements' },
  changePassword: { method: 'POST', path: '/User/change-password' },
  forgotPassword: { method: 'POST', path: '/User/forgot-password' },
  resetPassword: { method: 'POST', path: '/User/reset-password' },

  confirmEmailLink: { method: 'GET', path: '/User/confirm-email' },
  confirmEmail: { method: 'POST', path: '/User/confirm-email' },

  eula: { method: 'GET', path: '/User/eula' },
  acceptEula: { method: 'POST', path: '/User/accept-eula' },
  declineEula: { method: 'POST', path: '/User/decline-eula' },
} as const satisfies Record<string, Route>;
