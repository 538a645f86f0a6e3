import { z } from 'zod';

/**
 * RELAY_SIGN_IN_PROVIDERS: a JSON array, one object per identity provider `webhook-relay login` offers.
 *
 * - OpenID Connect (Google, Microsoft Entra, Okta, Auth0, Keycloak, GitLab, ...):
 *   `{"id": "google", "issuer": "https://accounts.google.com", "client_id": "...", "client_secret": "..."}`
 *   Endpoints come from `{issuer}/.well-known/openid-configuration` (or `discovery_url`); ID tokens are
 *   checked against the issuer's JWKS (signature, issuer, audience, expiry, nonce). Register the redirect
 *   URI `{RELAY_PUBLIC_URL}/auth/callback` with the provider.
 * - GitHub, which speaks OAuth 2.0 but not OpenID Connect (no ID token, no discovery):
 *   `{"id": "github", "type": "github", "client_id": "...", "client_secret": "..."}` from a GitHub OAuth
 *   app whose callback URL is `{RELAY_PUBLIC_URL}/auth/callback`; the account is GitHub's numeric user id,
 *   read from the REST API with the access token. `base_url` / `api_url` point at GitHub Enterprise.
 */
const ProviderId = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'id must be a lowercase slug such as "google"');

const OidcProvider = z.strictObject({
  type: z.literal('oidc').default('oidc'),
  id: ProviderId,
  /** Shown on the chooser page. */
  name: z.string().min(1).max(100).optional(),
  issuer: z.url('issuer must be a URL').transform((value) => value.replace(/\/+$/, '')),
  discovery_url: z.url('discovery_url must be a URL').optional(),
  client_id: z.string().min(1, 'client_id must not be empty'),
  /** Absent: a public client (PKCE only). */
  client_secret: z.string().min(1).optional(),
  scopes: z.string().default('openid email profile'),
});

const GitHubProvider = z.strictObject({
  type: z.literal('github'),
  id: ProviderId,
  name: z.string().min(1).max(100).optional(),
  client_id: z.string().min(1, 'client_id must not be empty'),
  client_secret: z.string().min(1, 'client_secret must not be empty'),
  base_url: z
    .url()
    .default('https://github.com')
    .transform((value) => value.replace(/\/+$/, '')),
  api_url: z
    .url()
    .default('https://api.github.com')
    .transform((value) => value.replace(/\/+$/, '')),
  scopes: z.string().default('read:user user:email'),
});

export const IdentityProviderConfig = z.union([GitHubProvider, OidcProvider]);
export type IdentityProviderConfig = z.infer<typeof IdentityProviderConfig>;
export type OidcProviderConfig = z.infer<typeof OidcProvider>;
export type GitHubProviderConfig = z.infer<typeof GitHubProvider>;

export function parseIdentityProviders(text: string): IdentityProviderConfig[] {
  if (!text.trim()) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(
      'must be a JSON array of identity providers, e.g. [{"id":"google","issuer":"https://accounts.google.com","client_id":"...","client_secret":"..."}]',
    );
  }
  const result = z.array(IdentityProviderConfig).safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`entry ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const ids = result.data.map((provider) => provider.id);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated) throw new Error(`provider id "${repeated}" appears twice`);
  return result.data;
}

/** What a finished sign-in proves: who the user is at which issuer. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
}

/** The server-side settings of browser sign-in (Deps.signIn). */
export interface SignInSettings {
  providers: IdentityProviderConfig[];
  /** This API as browsers reach it; the callback is `{publicUrl}/auth/callback`. */
  publicUrl: string;
  /** Outbound HTTP to identity providers (tests may replace it). */
  fetch?: typeof fetch;
  /** Sign-ins one client address may start per minute (per replica); default 20. */
  startsPerMinute?: number;
}

export const callbackUrl = (settings: SignInSettings) => `${settings.publicUrl.replace(/\/+$/, '')}/auth/callback`;
