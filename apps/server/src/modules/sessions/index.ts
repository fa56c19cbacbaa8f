// The sign-in module's public face: what app.ts and other modules may import.
export { signInRoutes } from './sessions.routes';
export { INVALID_CREDENTIALS, loginFailureLimit, PASSWORD_EXPIRED } from './sessions.service';
