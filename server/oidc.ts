import * as client from 'openid-client';

export type OidcSettings = { issuer: string; clientId: string; clientSecret: string; scopes: string };
export type OidcStart = { url: string; state: string; nonce: string; codeVerifier: string };
export type OidcClaims = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
};

/** Authorization-code flow with PKCE, state and nonce against the configured OpenID Connect issuer. */
export function createOidc(settings: OidcSettings) {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () => {
    const issuer = new URL(settings.issuer);
    // Plain http is accepted only for loopback issuers (local development and tests).
    const insecure = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
    discovered ??= client
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        discovered = null; // try discovery again on the next sign-in
        throw err;
      });
    return discovered;
  };

  return {
    /** `reauth`: the provider asks the member to sign in again even when it has a session (max_age=0). */
    async start(redirectUri: string, opts: { reauth?: boolean } = {}): Promise<OidcStart> {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(opts.reauth ? { max_age: '0', prompt: 'login' } : {}),
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async finish(currentUrl: URL, expected: { state: string; nonce: string; codeVerifier: string; reauth?: boolean }) {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
        // A sign-in asked for again must have happened just now (the ID token's auth_time).
        ...(expected.reauth ? { maxAge: 300 } : {}),
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The identity provider returned no ID token');
      let info: Record<string, unknown> = { ...claims };
      if (!claims.email && tokens.access_token) {
        info = { ...info, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      }
      const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
      return {
        issuer: String(claims.iss),
        subject: claims.sub,
        email: str(info.email)?.toLowerCase() ?? null,
        emailVerified: info.email_verified === true,
        firstName: str(info.given_name) ?? str(info.name),
        lastName: str(info.family_name),
        picture: str(info.picture),
      } satisfies OidcClaims;
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;
