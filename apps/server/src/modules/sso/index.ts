// The single sign-on module's public face (decision 038): what app.ts and other modules may import.
export { ssoRoutes } from './sso.routes';
export { amrSaysMfa } from './sso.provider';
