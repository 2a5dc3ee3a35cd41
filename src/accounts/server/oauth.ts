/**
 * Hosted sign-in with Google, Facebook and Sign in with Apple (spec §7 Sign-in), with oauth4webapi:
 * a public client with PKCE, the code exchanged server-side. `beginHostedSignIn(…)` makes state,
 * nonce and an S256 verifier and the `${COGNITO_DOMAIN}/oauth2/authorize` URL (the transaction goes
 * in the `tr_oauth` cookie); `completeHostedSignIn(…)` checks the callback against `state`,
 * exchanges the code and checks the id token's claims including `nonce`; the caller then verifies
 * both tokens with cognitoTokens.ts.
 * Errors: `HostedSignInError` with a code of src/accounts/rules/signInErrors.ts.
 */
import * as oauth from 'oauth4webapi';
import type { HostedSignInError as HostedSignInErrorCode } from '../rules/signInErrors.ts';
import type { CognitoSettings } from '../../platform/env.ts';
import type { IdentityTokens } from './cognito.ts';

/** The identity providers of spec §7, by Cognito's names. */
export const HOSTED_PROVIDERS = ['Google', 'Facebook', 'SignInWithApple'] as const;
/** One of HOSTED_PROVIDERS. */
export type HostedProvider = (typeof HOSTED_PROVIDERS)[number];

/** Scopes asked for: OpenID with e-mail and profile; Apple also the Cognito admin scope (spec §7). */
export function scopesFor(provider: HostedProvider): string {
  return provider === 'SignInWithApple' ? 'openid email profile aws.cognito.signin.user.admin' : 'openid email profile';
}

/** The path Cognito sends the supporter back to (spec §7 "the site's /auth/callback/"). */
export const CALLBACK_PATH = '/auth/callback/';

/** What the transaction cookie keeps between authorize and callback. */
export interface HostedTransaction {
  state: string;
  nonce: string;
  verifier: string;
  /** The allow-listed absolute URL to return to afterwards. */
  returnTo: string;
  provider: HostedProvider;
}

/** A hosted sign-in that failed, with the code the sign-in page explains. */
export class HostedSignInError extends Error {
  readonly code: HostedSignInErrorCode;
  constructor(code: HostedSignInErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'HostedSignInError';
    this.code = code;
  }
}

/** Options for the token request: `fetch` replaces the network (tests). */
export interface HostedSignInOptions {
  fetch?: typeof fetch;
}

function authorizationServer(settings: CognitoSettings & { domain: string }): oauth.AuthorizationServer {
  return {
    issuer: settings.issuer,
    authorization_endpoint: `${settings.domain}/oauth2/authorize`,
    token_endpoint: `${settings.domain}/oauth2/token`,
    revocation_endpoint: `${settings.domain}/oauth2/revoke`,
    jwks_uri: `${settings.issuer}/.well-known/jwks.json`,
  };
}

/** The redirect URI for a site origin ('https://www.stokecity.example' → '…/auth/callback/'). */
export function callbackUrl(siteOrigin: string): string {
  return new URL(CALLBACK_PATH, siteOrigin).toString();
}

/**
 * A new hosted sign-in: the transaction to keep and the URL to send the browser to.
 * @throws {HostedSignInError} identity_unavailable when no hosted domain is configured.
 */
export async function beginHostedSignIn(
  settings: CognitoSettings,
  request: { provider: HostedProvider; siteOrigin: string; returnTo: string },
): Promise<{ transaction: HostedTransaction; authorizeUrl: string }> {
  if (!settings.domain) throw new HostedSignInError('identity_unavailable', 'COGNITO_DOMAIN is not configured');
  const transaction: HostedTransaction = {
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    verifier: oauth.generateRandomCodeVerifier(),
    returnTo: request.returnTo,
    provider: request.provider,
  };
  const url = new URL(`${settings.domain}/oauth2/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.hostedClientId);
  url.searchParams.set('redirect_uri', callbackUrl(request.siteOrigin));
  url.searchParams.set('identity_provider', request.provider);
  url.searchParams.set('scope', scopesFor(request.provider));
  url.searchParams.set('state', transaction.state);
  url.searchParams.set('nonce', transaction.nonce);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(transaction.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { transaction, authorizeUrl: url.toString() };
}

/**
 * Completes a hosted sign-in from the callback URL's parameters: checks `state`, exchanges the
 * code with the PKCE verifier, checks the id token's issuer, audience, expiry and `nonce`.
 * @throws {HostedSignInError} invalid_state (missing or wrong state), cancelled (access_denied),
 *   provider_error (any other error the provider sent back), code_rejected (invalid_grant: a
 *   replayed, expired or foreign code, a wrong verifier), identity_unavailable (the token endpoint
 *   could not be reached or answered nonsense).
 */
export async function completeHostedSignIn(
  settings: CognitoSettings,
  transaction: HostedTransaction,
  callback: { params: URLSearchParams; siteOrigin: string },
  options: HostedSignInOptions = {},
): Promise<IdentityTokens> {
  if (!settings.domain) throw new HostedSignInError('identity_unavailable', 'COGNITO_DOMAIN is not configured');
  const as = authorizationServer({ ...settings, domain: settings.domain });
  const client: oauth.Client = { client_id: settings.hostedClientId };
  if (callback.params.get('state') !== transaction.state) throw new HostedSignInError('invalid_state', "The state does not match this browser's sign-in");
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, callback.params, transaction.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new HostedSignInError(error.error === 'access_denied' ? 'cancelled' : 'provider_error', error.error_description ?? error.error, { cause: error });
    }
    throw new HostedSignInError('invalid_state', error instanceof Error ? error.message : 'Invalid callback', { cause: error });
  }
  const http = {
    [oauth.allowInsecureRequests]: new URL(settings.domain).protocol === 'http:',
    ...(options.fetch ? { [oauth.customFetch]: options.fetch } : {}),
  };
  let response: Response;
  try {
    response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, callbackUrl(callback.siteOrigin), transaction.verifier, http);
  } catch (error) {
    throw new HostedSignInError('identity_unavailable', error instanceof Error ? error.message : 'Token endpoint unreachable', { cause: error });
  }
  let result: oauth.TokenEndpointResponse;
  try {
    result = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: transaction.nonce, requireIdToken: true });
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) {
      throw new HostedSignInError(error.error === 'invalid_grant' ? 'code_rejected' : 'provider_error', error.error_description ?? error.error, {
        cause: error,
      });
    }
    if (error instanceof oauth.OperationProcessingError && error.code === oauth.JWT_CLAIM_COMPARISON) {
      // A wrong nonce, issuer or audience: this is not the sign-in this browser started.
      throw new HostedSignInError('invalid_state', error.message, { cause: error });
    }
    throw new HostedSignInError('identity_unavailable', error instanceof Error ? error.message : 'Invalid token response', { cause: error });
  }
  if (!result.id_token || !result.access_token) throw new HostedSignInError('identity_unavailable', 'The token endpoint answered without tokens');
  return {
    idToken: result.id_token,
    accessToken: result.access_token,
    ...(result.refresh_token ? { refreshToken: result.refresh_token } : {}),
    expiresIn: typeof result.expires_in === 'number' ? result.expires_in : 3600,
  };
}
