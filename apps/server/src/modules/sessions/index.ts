// The sign-in module's public face: what app.ts and other modules may import.
export { signInRoutes } from './sessions.routes';
export {
  INVALID_CREDENTIALS,
  loginFailureLimit,
  openNextSession,
  PASSWORD_EXPIRED,
  type SignedIn,
} from './sessions.service';
export { auditedSignIn } from './audited-sign-in';
