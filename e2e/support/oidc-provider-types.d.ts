// The few parts of oidc-provider (which ships no types) the SSO journey's provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface FoundAccount {
    accountId: string;
    claims: (use: string, scope: string) => Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Configuration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    scopes?: string[];
    conformIdTokenClaims?: boolean;
    cookies?: { keys: string[] };
    pkce?: { required: () => boolean };
    findAccount?: (context: unknown, id: string) => Promise<FoundAccount | undefined> | FoundAccount | undefined;
    features?: Record<string, { enabled: boolean }>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    proxy: boolean;
  }
}
