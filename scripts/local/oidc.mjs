// @ts-check
/**
 * The local stand-in of the Cognito hosted domain (spec §7 Sign-in; docs/identity-local.md "The
 * hosted-domain stand-in"): the authorization-code flow with PKCE through "Google", "Facebook" and
 * "Sign in with Apple" on Cognito's paths (/oauth2/authorize, /login, /oauth2/token, /oauth2/revoke,
 * /oauth2/userInfo, /logout, /.well-known/jwks.json), ending in tokens verified exactly like
 * Cognito's. Users and refresh tokens live in cognito-local (./hosted-pool.mjs).
 * Errors: `{ error, error_description }` (RFC 6749 §5.2); unknown client or redirect_uri → 400.
 * `startOidc({ cognito, port })` → { url, authorizeUrl, tokenUrl, revokeUrl, userInfoUrl,
 * logoutUrl, jwksUrl, stop() }; `createHostedDomainApp(options)` gives the Hono app alone.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { createHostedPool } from './hosted-pool.mjs';
import { standInHeaders, standInPage } from './standInPage.mjs';
import { freePort } from './process.mjs';

/** The stand-in's usual port. */
export const DEFAULT_OIDC_PORT = 9230;

/** What each provider's page is called and the identity it suggests. */
const PROVIDERS = /** @type {const} */ ({
  Google: { label: 'Google', email: 'google.fan@terrace.test', name: 'Google Fan' },
  Facebook: { label: 'Facebook', email: 'facebook.fan@terrace.test', name: 'Facebook Fan' },
  SignInWithApple: { label: 'Apple', email: 'apple.fan@terrace.test', name: 'Apple Fan' },
});

/**
 * @typedef {object} OidcOptions
 * @property {{ endpoint: string, region?: string, userPoolId: string }} cognito the pool to
 *   serve (a CognitoHandle from startCognito fits)
 * @property {number} [port] default LOCAL_OIDC_PORT or 9230; 0 picks a free port
 * @property {string} [host] default 127.0.0.1
 * @property {number} [codeTtlSeconds] authorization-code lifetime, default 300 (Cognito's)
 * @property {number} [tokenTtlSeconds] id and access token lifetime, default 3600
 * @property {() => number} [now] clock in ms since the epoch (tests step it)
 */

/**
 * @typedef {object} OidcHandle
 * @property {string} url the hosted domain's base URL (COGNITO_DOMAIN)
 * @property {string} authorizeUrl
 * @property {string} tokenUrl
 * @property {string} revokeUrl
 * @property {string} userInfoUrl
 * @property {string} logoutUrl
 * @property {string} jwksUrl
 * @property {number} port
 * @property {() => Promise<void>} stop
 */

/**
 * @typedef {object} PendingSignIn an authorize request waiting for the sign-in page
 * @property {string} clientId
 * @property {string} redirectUri
 * @property {string | undefined} state
 * @property {string | undefined} nonce
 * @property {string[]} scopes
 * @property {string} codeChallenge
 * @property {keyof typeof PROVIDERS} provider
 * @property {number} expiresAt ms
 */

/**
 * @typedef {object} IssuedCode
 * @property {string} clientId
 * @property {string} redirectUri
 * @property {string | undefined} nonce
 * @property {string[]} scopes
 * @property {string} codeChallenge
 * @property {string} username cognito-local username (the user's sub)
 * @property {number} authTime seconds
 * @property {number} expiresAt ms
 * @property {boolean} used
 * @property {string | undefined} refreshToken issued at the first exchange; revoked on replay
 */

/** Pending sign-ins expire after this many ms. */
const SIGN_IN_TTL_MS = 10 * 60 * 1000;

const authorizeQuery = z.object({
  response_type: z.string().optional(),
  client_id: z.string().max(128).optional(),
  redirect_uri: z.string().max(2048).optional(),
  identity_provider: z.string().max(64).optional(),
  scope: z.string().max(1024).optional(),
  state: z.string().max(2048).optional(),
  nonce: z.string().max(512).optional(),
  code_challenge: z.string().max(128).optional(),
  code_challenge_method: z.string().max(16).optional(),
});

const signInForm = z.object({
  tx: z.string().max(64),
  action: z.enum(['allow', 'deny']),
  email: z.string().max(254).optional(),
  name: z.string().max(100).optional(),
});

const tokenForm = z.object({
  grant_type: z.string().max(64).optional(),
  client_id: z.string().max(128).optional(),
  code: z.string().max(256).optional(),
  redirect_uri: z.string().max(2048).optional(),
  code_verifier: z.string().max(256).optional(),
  refresh_token: z.string().max(8192).optional(),
});

const revokeForm = z.object({ token: z.string().max(8192).optional(), client_id: z.string().max(128).optional() });

/** An RFC 7636 code verifier: 43–128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** @param {number} bytes */
const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * RFC 7636 S256: BASE64URL(SHA-256(verifier)) === challenge, compared in constant time.
 * @param {string} verifier
 * @param {string} challenge
 */
export function pkceMatches(verifier, challenge) {
  const digest = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return digest.length === expected.length && timingSafeEqual(digest, expected);
}

/**
 * `url` with extra query parameters (undefined ones left out).
 * @param {string} url
 * @param {Record<string, string | undefined>} params
 */
function withParams(url, params) {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(name, value);
  return target.toString();
}

/**
 * The hosted-domain stand-in as a Hono app.
 * @param {OidcOptions} options
 */
export function createHostedDomainApp(options) {
  const now = options.now ?? Date.now;
  const codeTtlMs = (options.codeTtlSeconds ?? 300) * 1000;
  const tokenTtl = options.tokenTtlSeconds ?? 3600;
  const pool = createHostedPool({ cognito: options.cognito, now, tokenTtlSeconds: tokenTtl });

  /** @type {Map<string, PendingSignIn>} */
  const pending = new Map();
  /** @type {Map<string, IssuedCode>} */
  const codes = new Map();
  /** Scopes granted with each refresh token this stand-in issued. @type {Map<string, string[]>} */
  const refreshScopes = new Map();

  const sweep = () => {
    const t = now();
    for (const [id, entry] of pending) if (entry.expiresAt < t) pending.delete(id);
    // Used codes are kept a while longer so that a replay is recognised as one.
    for (const [id, entry] of codes) if (entry.expiresAt + SIGN_IN_TTL_MS < t) codes.delete(id);
  };

  /** @param {string} token @param {string} clientId */
  const revoke = async (token, clientId) => {
    await pool.revokeRefreshToken(token, clientId);
    refreshScopes.delete(token);
  };

  const app = new Hono();

  /**
   * An OAuth error answer (RFC 6749 §5.2).
   * @param {import('hono').Context} c
   * @param {400 | 401} status
   * @param {string} error
   * @param {string} description
   */
  const oauthError = (c, status, error, description) => c.json({ error, error_description: description }, status, { 'Cache-Control': 'no-store' });

  app.use(async (_c, next) => {
    sweep();
    await next();
  });

  app.get('/health', (c) => c.json({ ok: true }));

  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [pool.publicJwk] }));

  app.get('/oauth2/authorize', async (c) => {
    const parsed = authorizeQuery.safeParse(c.req.query());
    if (!parsed.success) return oauthError(c, 400, 'invalid_request', 'A query parameter is too long');
    const q = parsed.data;
    const client = await pool.appClient(q.client_id);
    if (!client) return oauthError(c, 400, 'invalid_client', 'client_id is missing or not a client of this user pool');
    const redirectUri = q.redirect_uri;
    if (!redirectUri || !(client.CallbackURLs ?? []).includes(redirectUri)) {
      return oauthError(c, 400, 'invalid_request', 'redirect_uri is missing or not an allowed callback URL of this client');
    }
    /** @param {string} error @param {string} description */
    const refuse = (error, description) => c.redirect(withParams(redirectUri, { error, error_description: description, state: q.state }), 302);
    if (q.response_type !== 'code') return refuse('unsupported_response_type', 'response_type must be code');
    const provider = q.identity_provider;
    if (!provider) return refuse('invalid_request', 'identity_provider is required: Google, Facebook or SignInWithApple');
    if (!Object.hasOwn(PROVIDERS, provider) || !(client.SupportedIdentityProviders ?? []).includes(provider)) {
      return refuse('invalid_request', `Unknown identity provider: ${provider}`);
    }
    if (!q.code_challenge || q.code_challenge_method !== 'S256') {
      return refuse('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256');
    }
    if (!/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) {
      return refuse('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters)');
    }
    const allowedScopes = client.AllowedOAuthScopes ?? [];
    const scopes = q.scope ? q.scope.split(/\s+/).filter((scope) => scope !== '') : allowedScopes;
    const unknownScopes = scopes.filter((scope) => !allowedScopes.includes(scope));
    if (unknownScopes.length > 0) return refuse('invalid_scope', `Scope not allowed for this client: ${unknownScopes.join(' ')}`);

    const tx = randomToken(24);
    const chosen = /** @type {keyof typeof PROVIDERS} */ (provider);
    pending.set(tx, {
      clientId: String(client.ClientId),
      redirectUri,
      state: q.state,
      nonce: q.nonce,
      scopes,
      codeChallenge: q.code_challenge,
      provider: chosen,
      expiresAt: now() + SIGN_IN_TTL_MS,
    });
    return c.html(signInPage(chosen, tx, PROVIDERS[chosen].email, PROVIDERS[chosen].name), 200, PAGE_HEADERS);
  });

  app.post('/login', async (c) => {
    const parsed = signInForm.safeParse(await c.req.parseBody());
    if (!parsed.success) return oauthError(c, 400, 'invalid_request', 'The sign-in form is incomplete');
    const form = parsed.data;
    const signIn = pending.get(form.tx);
    if (!signIn) return oauthError(c, 400, 'invalid_request', 'This sign-in has expired or was already used; start again from the site');
    if (form.action === 'deny') {
      pending.delete(form.tx);
      return c.redirect(
        withParams(signIn.redirectUri, { error: 'access_denied', error_description: 'The user cancelled the sign-in', state: signIn.state }),
        302,
      );
    }
    const email = z.email().safeParse(form.email?.trim());
    const name = form.name?.trim() ?? '';
    if (!email.success || name === '') {
      return c.html(signInPage(signIn.provider, form.tx, form.email ?? '', name, 'Enter an e-mail address and a name.'), 400, PAGE_HEADERS);
    }
    pending.delete(form.tx);
    const username = await pool.upsertFederatedUser(signIn.provider, email.data, name);
    const code = randomToken(32);
    codes.set(code, {
      clientId: signIn.clientId,
      redirectUri: signIn.redirectUri,
      nonce: signIn.nonce,
      scopes: signIn.scopes,
      codeChallenge: signIn.codeChallenge,
      username,
      authTime: Math.floor(now() / 1000),
      expiresAt: now() + codeTtlMs,
      used: false,
      refreshToken: undefined,
    });
    return c.redirect(withParams(signIn.redirectUri, { code, state: signIn.state }), 302);
  });

  app.post('/oauth2/token', async (c) => {
    const parsed = tokenForm.safeParse(await c.req.parseBody());
    if (!parsed.success) return oauthError(c, 400, 'invalid_request', 'Every form field must be short text');
    const form = parsed.data;
    const clientId = form.client_id ?? basicClientId(c.req.header('Authorization'));
    const client = await pool.appClient(clientId);
    if (!client || !clientId) return oauthError(c, 400, 'invalid_client', 'client_id is missing or not a client of this user pool');

    if (form.grant_type === 'authorization_code') {
      if (!form.code) return oauthError(c, 400, 'invalid_request', 'code is required');
      const issued = codes.get(form.code);
      if (!issued) return oauthError(c, 400, 'invalid_grant', 'The authorization code is unknown or expired');
      if (issued.used) {
        // RFC 6749 §4.1.2: a replayed code revokes what it already obtained.
        if (issued.refreshToken) await revoke(issued.refreshToken, issued.clientId);
        issued.refreshToken = undefined;
        return oauthError(c, 400, 'invalid_grant', 'The authorization code has already been used');
      }
      issued.used = true;
      if (issued.expiresAt < now()) return oauthError(c, 400, 'invalid_grant', 'The authorization code has expired');
      if (issued.clientId !== clientId) return oauthError(c, 400, 'invalid_grant', 'The authorization code was issued to another client');
      if (issued.redirectUri !== form.redirect_uri) {
        return oauthError(c, 400, 'invalid_grant', 'redirect_uri does not match the authorization request');
      }
      if (!form.code_verifier || !CODE_VERIFIER.test(form.code_verifier)) {
        return oauthError(c, 400, 'invalid_request', 'code_verifier is required (43 to 128 characters)');
      }
      if (!pkceMatches(form.code_verifier, issued.codeChallenge)) {
        return oauthError(c, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      }
      const refreshToken = await pool.issueRefreshToken(issued.username, clientId);
      issued.refreshToken = refreshToken;
      refreshScopes.set(refreshToken, issued.scopes);
      const tokens = await pool.mintTokens({ ...issued, clientId });
      return c.json(
        {
          ...(tokens.idToken ? { id_token: tokens.idToken } : {}),
          access_token: tokens.accessToken,
          refresh_token: refreshToken,
          token_type: 'Bearer',
          expires_in: tokenTtl,
        },
        200,
        { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
      );
    }

    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token) return oauthError(c, 400, 'invalid_request', 'refresh_token is required');
      const username = await pool.refreshTokenOwner(form.refresh_token, clientId);
      if (!username) return oauthError(c, 400, 'invalid_grant', 'The refresh token is invalid or has been revoked');
      const scopes = refreshScopes.get(form.refresh_token) ?? client.AllowedOAuthScopes ?? [];
      const tokens = await pool.mintTokens({ username, clientId, scopes, authTime: Math.floor(now() / 1000) });
      return c.json(
        { ...(tokens.idToken ? { id_token: tokens.idToken } : {}), access_token: tokens.accessToken, token_type: 'Bearer', expires_in: tokenTtl },
        200,
        { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
      );
    }

    return oauthError(c, 400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  });

  app.post('/oauth2/revoke', async (c) => {
    const parsed = revokeForm.safeParse(await c.req.parseBody());
    if (!parsed.success) return oauthError(c, 400, 'invalid_request', 'Every form field must be short text');
    const clientId = parsed.data.client_id ?? basicClientId(c.req.header('Authorization'));
    if (!clientId || !(await pool.appClient(clientId))) return oauthError(c, 400, 'invalid_client', 'client_id is missing or not a client of this user pool');
    if (!parsed.data.token) return oauthError(c, 400, 'invalid_request', 'token is required');
    // RFC 7009 §2.2: unknown tokens are answered 200 as well.
    await revoke(parsed.data.token, clientId);
    return c.body(null, 200);
  });

  app.get('/oauth2/userInfo', async (c) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const refuse = () =>
      c.json({ error: 'invalid_token', error_description: 'Access token is missing, invalid or expired' }, 401, {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    const username = token ? await pool.verifyAccessToken(token) : undefined;
    if (!username) return refuse();
    return c.json(await pool.userAttributes(username));
  });

  app.get('/logout', async (c) => {
    const client = await pool.appClient(c.req.query('client_id'));
    if (!client) return oauthError(c, 400, 'invalid_client', 'client_id is missing or not a client of this user pool');
    const logoutUri = c.req.query('logout_uri');
    if (!logoutUri || !(client.LogoutURLs ?? []).includes(logoutUri)) {
      return oauthError(c, 400, 'invalid_request', 'logout_uri is missing or not an allowed sign-out URL of this client');
    }
    return c.redirect(logoutUri, 302);
  });

  return app;
}

/**
 * client_id from an HTTP Basic Authorization header (client_secret_basic), if any.
 * @param {string | undefined} header
 */
function basicClientId(header) {
  const encoded = /^Basic (\S+)$/.exec(header ?? '')?.[1];
  if (!encoded) return undefined;
  const [clientId] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  return clientId ? decodeURIComponent(clientId) : undefined;
}

/** Headers of the sign-in page: nothing but its own inline style, never framed; its form returns to the site. */
const PAGE_HEADERS = standInHeaders("'self' http: https:");

/**
 * The provider's sign-in page (values are escaped by hono/html).
 * @param {keyof typeof PROVIDERS} provider
 * @param {string} tx
 * @param {string} email
 * @param {string} name
 * @param {string} [problem]
 */
function signInPage(provider, tx, email, name, problem) {
  const label = PROVIDERS[provider].label;
  return standInPage({
    title: `Sign in with ${label}`,
    who: 'local stand-in',
    body: html`<h1>Sign in with ${label}</h1>
      <p>Local stand-in for the hosted sign-in: no real ${label} account is used. Choose the identity ${label} returns.</p>
      ${problem ? html`<p class="problem" role="alert">${problem}</p>` : ''}
      <form method="post" action="/login">
        <input type="hidden" name="tx" value="${tx}" />
        <label>E-mail <input name="email" type="email" autocomplete="email" value="${email}" required /></label>
        <label>Name <input name="name" autocomplete="name" value="${name}" required /></label>
        <button type="submit" name="action" value="allow">Continue</button>
        <button type="submit" name="action" value="deny" formnovalidate>Cancel</button>
      </form>`,
  });
}

/**
 * Starts the hosted-domain stand-in for a running cognito-local pool.
 * @param {OidcOptions} options
 * @returns {Promise<OidcHandle>}
 */
export async function startOidc(options) {
  const host = options.host ?? '127.0.0.1';
  const requestedPort = options.port ?? Number(process.env.LOCAL_OIDC_PORT || DEFAULT_OIDC_PORT);
  const port = requestedPort === 0 ? await freePort(host) : requestedPort;
  const url = `http://${host}:${port}`;
  const app = createHostedDomainApp(options);
  const server = await new Promise((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(started));
    started.once('error', reject);
  });
  /** @type {import('node:http').Server} */
  const httpServer = server;
  return {
    url,
    port,
    authorizeUrl: `${url}/oauth2/authorize`,
    tokenUrl: `${url}/oauth2/token`,
    revokeUrl: `${url}/oauth2/revoke`,
    userInfoUrl: `${url}/oauth2/userInfo`,
    logoutUrl: `${url}/logout`,
    jwksUrl: `${url}/.well-known/jwks.json`,
    stop: () =>
      new Promise((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
