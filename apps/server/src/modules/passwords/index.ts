// The passwords module's public face: what app.ts and other modules may import.
export { passwordRoutes } from './passwords.routes';
export {
  assertPasswordAllowed,
  generateSystemPassword,
  type PasswordRules,
  passwordRequirements,
  strengthCheckOf,
} from './password-policy';
export { oneTimePassword } from './one-time-password';
