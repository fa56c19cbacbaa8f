import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for the single sign-on journey (decision
 * 038), with its own login and consent pages (its development interactions: any login name and
 * password sign in, the name being the account's email). One client is registered for the portal's
 * callback.
 */
export async function startTestProvider(portalUrl: string): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'license-portal';
  const clientSecret = 'a-client-secret-for-the-e2e-provider';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [new URL('/api/Sso/callback', portalUrl).href],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The portal reads the email from the ID token.
    conformIdTokenClaims: false,
    cookies: { keys: ['the e2e provider’s cookie key, not a secret'] },
    findAccount: (_context, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: id.split('@')[0] }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
