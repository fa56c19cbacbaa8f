import { OAuth2Server } from 'oauth2-mock-server';

/** What the next ID token says, and how it is bent for the tests of refusals. */
export interface NextSignIn {
  email?: string;
  emailVerified?: boolean;
  name?: string;
  amr?: string[];
  /** Overrides of the signed claims: `exp`, `iat`, `iss`, `aud`… */
  claims?: Record<string, unknown>;
}

export interface MockProvider {
  issuer: string;
  /** Sets what the next token endpoint call puts in the ID token. */
  next(signIn: NextSignIn): void;
  /** Makes the discovery document name another issuer (null: its own again). */
  bendDiscovery(issuer: string | null): void;
  /** How many token requests the provider answered. */
  tokenRequests(): number;
  close(): Promise<void>;
}

/**
 * A real OpenID provider on loopback for the API tests (oauth2-mock-server): discovery, keys, an
 * authorization endpoint that redirects at once with a code (checking PKCE at the token call and
 * echoing the nonce), and signed ID tokens whose claims the test chooses.
 */
export async function startMockProvider(): Promise<MockProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let upcoming: NextSignIn = {};
  let requests = 0;
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    requests += 1;
    const claims: Record<string, unknown> = { sub: `sub-${upcoming.email ?? 'nobody'}` };
    if (upcoming.email !== undefined) claims.email = upcoming.email;
    if (upcoming.emailVerified !== undefined) claims.email_verified = upcoming.emailVerified;
    if (upcoming.name !== undefined) claims.name = upcoming.name;
    if (upcoming.amr !== undefined) claims.amr = upcoming.amr;
    Object.assign(token.payload, claims, upcoming.claims ?? {});
  });
  let bentIssuer: string | null = null;
  server.service.on('beforeWellKnownOpenIdConfiguration', (answer: { body: Record<string, unknown> }) => {
    if (bentIssuer) answer.body.issuer = bentIssuer;
  });
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('the mock provider has no issuer address');
  return {
    issuer,
    next: (signIn) => {
      upcoming = signIn;
    },
    bendDiscovery: (bent) => {
      bentIssuer = bent;
    },
    tokenRequests: () => requests,
    close: () => server.stop(),
  };
}
