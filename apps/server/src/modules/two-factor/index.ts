// The two-factor module's public face: what app.ts and other modules may import.
export { twoFactorRoutes } from './two-factor.routes';
export { startTwoFactorChallenge } from './two-factor.service';
export { removeTotp, twoFactorMethodsOf } from './totp.service';
export {
  factorsMeet,
  finishMfaSetup,
  mfaPolicyOf,
  NO_SETUP,
  offeredMethods,
  removeAllFactors,
  sessionAfterProof,
} from './mfa-policy.service';
export { passwordlessOptions, relyingPartyOf, removePasskeys, verifyPasswordless } from './passkeys.service';
