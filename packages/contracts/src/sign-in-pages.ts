/**
 * The pages the lean login page links to, apart from the page table (pages.ts), which spreads them
 * into PAGES: the login page carries these three paths, not every path of the app
 * (docs/decisions/041-login-page-at-80-kb.md).
 */
export const SIGN_IN_PAGES = {
  signIn: '/',
  forgotPassword: '/forgot-password',
  /** "Sign in with SSO" (decision 038): the work email, and why a single sign-on came back refused. */
  ssoSignIn: '/sso',
} as const;
