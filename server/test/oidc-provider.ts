import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestClient } from './http-client';

/** A person known to the test identity provider. */
export type OidcTestAccount = {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  picture?: string;
};

export type OidcTestProvider = {
  /** The issuer URL, e.g. http://127.0.0.1:54321 */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for startTestServer. */
  env: Record<string, string>;
  /** Registers the app's callback as the client's only redirect URI; the provider answers from then on. */
  allowRedirectUri(redirectUri: string): void;
  /** The account that the provider's login screen signs in next. */
  signInAs(account: OidcTestAccount): void;
  /**
   * Plays a fresh browser at the provider: follows the authorization URL through the login and consent
   * screens (submitted automatically) and returns the URL the provider sends the browser back to.
   */
  authorize(authorizationUrl: string): Promise<{ redirect: URL; prompts: string[] }>;
  close(): Promise<void>;
};

// oidc-provider ships no type declarations: a narrow view of what this file uses.
type Interaction = {
  uid: string;
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
};
type Grant = {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(indicator: string, scope: string): void;
  save(): Promise<string>;
};
type ProviderInstance = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    opts?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
};
type ProviderClass = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

/**
 * Starts a real `oidc-provider` on 127.0.0.1, port 0, with one confidential client. Its interaction
 * screens need no human: the login screen signs in the account given to signInAs, the consent screen
 * grants what the client asked for.
 */
export async function startOidcProvider(): Promise<OidcTestProvider> {
  const { default: Provider } = (await import('oidc-provider' as string)) as { default: ProviderClass };
  const clientId = 'buildboard-test';
  const clientSecret = randomBytes(24).toString('hex');
  const accounts = new Map<string, OidcTestAccount>();
  let next: OidcTestAccount | null = null;
  let provider: ProviderInstance | null = null;
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  // The screens shown so far, in order, so a test can see login and consent happen.
  const shown: string[] = [];

  async function interact(req: IncomingMessage, res: ServerResponse) {
    const idp = provider!;
    const details = await idp.interactionDetails(req, res);
    shown.push(details.prompt.name);
    if (details.prompt.name === 'login') {
      if (!next) throw new Error('signInAs(account) was not called before the provider login');
      accounts.set(next.sub, next);
      await idp.interactionFinished(req, res, { login: { accountId: next.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    if (details.prompt.name === 'consent') {
      const accountId = details.session?.accountId;
      if (!accountId) throw new Error('consent without a signed-in account');
      const grant = details.grantId
        ? ((await idp.Grant.find(details.grantId)) ?? new idp.Grant({ accountId, clientId }))
        : new idp.Grant({ accountId, clientId });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      await idp.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    throw new Error(`unexpected prompt ${details.prompt.name}`);
  }

  const server = createServer((req, res) => {
    if (!provider || !handle) {
      res.statusCode = 503;
      res.end('allowRedirectUri() was not called yet');
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },

    allowRedirectUri(redirectUri) {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        async findAccount(_ctx: unknown, sub: string) {
          const account = accounts.get(sub);
          if (!account) return undefined;
          return {
            accountId: sub,
            async claims() {
              const name = [account.givenName, account.familyName].filter(Boolean).join(' ');
              return {
                sub,
                email: account.email,
                email_verified: account.emailVerified ?? true,
                ...(account.givenName ? { given_name: account.givenName } : {}),
                ...(account.familyName ? { family_name: account.familyName } : {}),
                ...(name ? { name } : {}),
                ...(account.picture ? { picture: account.picture } : {}),
              };
            },
          };
        },
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name', 'given_name', 'family_name', 'picture'],
        },
        cookies: { keys: [randomBytes(32).toString('hex')] },
        jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
        ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      });
      handle = provider.callback();
    },

    signInAs(account) {
      next = account;
    },

    async authorize(authorizationUrl) {
      const browser = new TestClient(issuer); // a fresh cookie jar: no provider session from earlier runs
      const from = shown.length;
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (url.origin !== issuer) return { redirect: url, prompts: shown.slice(from) };
        const res = await browser.get(url.pathname + url.search);
        const location = res.headers.get('location');
        if (res.status < 300 || res.status >= 400 || !location) {
          throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${res.text.slice(0, 500)}`);
        }
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
