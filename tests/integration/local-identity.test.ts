/**
 * The local identity stand-ins (scripts/local/) end to end: cognito-local
 * with the seeded pool, driven through @aws-sdk/client-cognito-identity-provider, and the hosted-
 * domain stand-in, driven with plain fetch through the PKCE code flow. Every token is verified as
 * the platform API will verify it: jose against the pool's JWKS (issuer, audience or client_id,
 * token_use, expiry). One stack on free ports with its data in a temporary folder.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  DescribeUserPoolClientCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, assertDemoSeedingAllowed, startCognito } from '../../scripts/local/cognito.mjs';
import { createHostedDomainApp } from '../../scripts/local/oidc.mjs';
import { startStack, type Stack } from '../../scripts/local/stack.mjs';

const CALLBACK = 'http://127.0.0.1:4321/auth/callback/';
const SIGNED_OUT = 'http://127.0.0.1:4321/';

let stateDir: string;
let stack: Stack;
let client: CognitoIdentityProviderClient;
let jwks: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'terrace-identity-'));
  stack = await startStack({ stateDir, cognitoPort: 0, oidcPort: 0, callbackUrls: [CALLBACK], logoutUrls: [SIGNED_OUT], quiet: true });
  client = stack.cognito.client;
  jwks = createRemoteJWKSet(new URL(stack.cognito.jwksUrl));
}, 30_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** Verifies a token the way the platform API does; resolves with its claims. */
async function verify(token: string | undefined, use: 'id' | 'access'): Promise<JWTPayload> {
  const { payload } = await jwtVerify(String(token), jwks, {
    issuer: stack.cognito.issuer,
    ...(use === 'id' ? { audience: stack.cognito.clientId } : {}),
    requiredClaims: ['exp', 'sub'],
  });
  expect(payload.token_use).toBe(use);
  if (use === 'access') expect(payload.client_id).toBe(stack.cognito.clientId);
  return payload;
}

const passwordSignIn = (email: string, password: string) =>
  client.send(
    new InitiateAuthCommand({ ClientId: stack.cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );

describe('cognito-local pool', () => {
  it('seeds the five demo accounts, whose tokens verify against the pool JWKS', async () => {
    expect(stack.cognito.demoAccounts.map((account) => account.role)).toEqual(['subscriber', 'free', 'blocked', 'bypassed', 'household']);
    for (const account of DEMO_ACCOUNTS) {
      const { AuthenticationResult: tokens } = await passwordSignIn(account.email, account.password);
      const id = await verify(tokens?.IdToken, 'id');
      expect(id.email).toBe(account.email);
      expect(id.sub).toBe(stack.cognito.demoAccounts.find((seeded) => seeded.role === account.role)?.sub);
      await verify(tokens?.AccessToken, 'access');
    }
  });

  it('verification refuses another audience, an id token used as access token and a refresh token', async () => {
    const account = DEMO_ACCOUNTS[0]!;
    const { AuthenticationResult: tokens } = await passwordSignIn(account.email, account.password);
    await expect(jwtVerify(String(tokens?.IdToken), jwks, { issuer: stack.cognito.issuer, audience: 'another-client' })).rejects.toThrow();
    await expect(verify(tokens?.IdToken, 'access')).rejects.toThrow();
    // cognito-local's refresh tokens are JWTs signed with the same key: only token_use tells them apart.
    await expect(verify(tokens?.RefreshToken, 'access')).rejects.toThrow();
  });

  it('refuses a wrong password and an unknown user', async () => {
    // Real Cognito answers NotAuthorizedException to both; cognito-local names a wrong password
    // InvalidPasswordException (docs/identity-local.md), so the API must treat the two alike.
    await expect(passwordSignIn(DEMO_ACCOUNTS[0]!.email, 'Wrong-Password-1')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await expect(passwordSignIn('nobody@terrace.test', 'Any-Password-1')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('signs up and confirms with the e-mailed code (a wrong code is refused)', async () => {
    const email = 'new.fan@terrace.test';
    const signUp = await client.send(
      new SignUpCommand({
        ClientId: stack.cognito.clientId,
        Username: email,
        Password: 'New-Fan-Pass-1',
        UserAttributes: [{ Name: 'name', Value: 'New Fan' }],
      }),
    );
    expect(signUp.UserConfirmed).toBe(false);
    await expect(passwordSignIn(email, 'New-Fan-Pass-1')).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
    const { confirmationCode } = await stack.cognito.readCodes(email);
    expect(confirmationCode).toMatch(/^\d{6}$/);
    const wrong = confirmationCode === '000000' ? '111111' : '000000';
    await expect(client.send(new ConfirmSignUpCommand({ ClientId: stack.cognito.clientId, Username: email, ConfirmationCode: wrong }))).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    await client.send(new ConfirmSignUpCommand({ ClientId: stack.cognito.clientId, Username: email, ConfirmationCode: confirmationCode }));
    const { AuthenticationResult: tokens } = await passwordSignIn(email, 'New-Fan-Pass-1');
    expect((await verify(tokens?.IdToken, 'id')).sub).toBe(signUp.UserSub);
  });

  it('resets a forgotten password with the e-mailed code', async () => {
    const email = 'forgetful@terrace.test';
    await client.send(new SignUpCommand({ ClientId: stack.cognito.clientId, Username: email, Password: 'Old-Pass-123' }));
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: stack.cognito.clientId,
        Username: email,
        ConfirmationCode: (await stack.cognito.readCodes(email)).confirmationCode,
      }),
    );
    const forgot = await client.send(new ForgotPasswordCommand({ ClientId: stack.cognito.clientId, Username: email }));
    expect(forgot.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const { confirmationCode } = await stack.cognito.readCodes(email);
    await client.send(
      new ConfirmForgotPasswordCommand({ ClientId: stack.cognito.clientId, Username: email, ConfirmationCode: confirmationCode, Password: 'New-Pass-456' }),
    );
    await expect(passwordSignIn(email, 'Old-Pass-123')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await verify((await passwordSignIn(email, 'New-Pass-456')).AuthenticationResult?.IdToken, 'id');
  });

  it('changes the password and attributes with the access token; GetUser reads them', async () => {
    const email = 'changer@terrace.test';
    await client.send(new SignUpCommand({ ClientId: stack.cognito.clientId, Username: email, Password: 'First-Pass-1' }));
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: stack.cognito.clientId,
        Username: email,
        ConfirmationCode: (await stack.cognito.readCodes(email)).confirmationCode,
      }),
    );
    const accessToken = (await passwordSignIn(email, 'First-Pass-1')).AuthenticationResult?.AccessToken;
    await client.send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: 'First-Pass-1', ProposedPassword: 'Second-Pass-2' }));
    await client.send(new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: [{ Name: 'name', Value: 'Changed Name' }] }));
    const user = await client.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(user.UserAttributes).toContainEqual({ Name: 'name', Value: 'Changed Name' });
    await verify((await passwordSignIn(email, 'Second-Pass-2')).AuthenticationResult?.IdToken, 'id');
  });

  it('creates the two app clients as in production: a confidential server client, a web client without password auth, both writing only name', async () => {
    const describe = async (ClientId: string) =>
      (await client.send(new DescribeUserPoolClientCommand({ UserPoolId: stack.cognito.userPoolId, ClientId }))).UserPoolClient!;
    const web = await describe(stack.cognito.clientId);
    const server = await describe(stack.cognito.serverClientId);
    expect(web.ExplicitAuthFlows).toEqual(['ALLOW_REFRESH_TOKEN_AUTH']);
    expect(web.ClientSecret).toBeUndefined();
    expect(web.WriteAttributes).toEqual(['name']);
    expect(server.ExplicitAuthFlows).toEqual(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(server.ClientSecret).toBe(stack.cognito.serverClientSecret);
    expect(server.ClientSecret!.length).toBeGreaterThanOrEqual(16);
    expect(server.WriteAttributes).toEqual(['name']);
    expect(server.AllowedOAuthFlows ?? []).toEqual([]);
    expect(stack.env).toMatchObject({
      COGNITO_CLIENT_ID: stack.cognito.serverClientId,
      COGNITO_CLIENT_SECRET: stack.cognito.serverClientSecret,
      COGNITO_HOSTED_CLIENT_ID: stack.cognito.clientId,
    });
  });

  it('holds a changed e-mail back until it is verified (the pool requires verification before the update)', async () => {
    const email = 'mover@terrace.test';
    await client.send(new SignUpCommand({ ClientId: stack.cognito.clientId, Username: email, Password: 'First-Pass-1' }));
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: stack.cognito.clientId,
        Username: email,
        ConfirmationCode: (await stack.cognito.readCodes(email)).confirmationCode,
      }),
    );
    const accessToken = (await passwordSignIn(email, 'First-Pass-1')).AuthenticationResult?.AccessToken;
    await client.send(new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: [{ Name: 'email', Value: 'victim@terrace.test' }] }));
    const user = await client.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: email });
    const id = await verify((await passwordSignIn(email, 'First-Pass-1')).AuthenticationResult?.IdToken, 'id');
    expect(id.email).toBe(email);
  });

  it('refreshes with REFRESH_TOKEN_AUTH until the refresh token is revoked', async () => {
    const account = DEMO_ACCOUNTS[1]!;
    const refreshToken = (await passwordSignIn(account.email, account.password)).AuthenticationResult?.RefreshToken;
    const refresh = () =>
      client.send(
        new InitiateAuthCommand({ ClientId: stack.cognito.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: String(refreshToken) } }),
      );
    const refreshed = await refresh();
    expect((await verify(refreshed.AuthenticationResult?.IdToken, 'id')).email).toBe(account.email);
    await verify(refreshed.AuthenticationResult?.AccessToken, 'access');
    await client.send(new RevokeTokenCommand({ ClientId: stack.cognito.clientId, Token: refreshToken }));
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('asks an admin-created user for a new password at first sign-in', async () => {
    const email = 'invited@terrace.test';
    await client.send(
      new AdminCreateUserCommand({ UserPoolId: stack.cognito.userPoolId, Username: email, TemporaryPassword: 'Temp-Pass-1', MessageAction: 'SUPPRESS' }),
    );
    const challenge = await passwordSignIn(email, 'Temp-Pass-1');
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answer = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: stack.cognito.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Chosen-Pass-1' },
      }),
    );
    await verify(answer.AuthenticationResult?.IdToken, 'id');
  });

  it('has the gaps docs/identity-local.md lists: no GlobalSignOut, disabled users still sign in', async () => {
    const email = 'gaps@terrace.test';
    await client.send(
      new AdminCreateUserCommand({ UserPoolId: stack.cognito.userPoolId, Username: email, TemporaryPassword: 'Temp-Pass-1', MessageAction: 'SUPPRESS' }),
    );
    const challenge = await passwordSignIn(email, 'Temp-Pass-1');
    const answer = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: stack.cognito.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Gaps-Pass-1' },
      }),
    );
    await expect(client.send(new GlobalSignOutCommand({ AccessToken: answer.AuthenticationResult?.AccessToken }))).rejects.toThrow(/unsupported/i);
    await client.send(new AdminDisableUserCommand({ UserPoolId: stack.cognito.userPoolId, Username: email }));
    expect((await passwordSignIn(email, 'Gaps-Pass-1')).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('seeds demo accounts only in a local emulator, never in production', () => {
    expect(() => assertDemoSeedingAllowed('http://127.0.0.1:9229', {})).not.toThrow();
    expect(() => assertDemoSeedingAllowed('http://127.0.0.1:9229', { NODE_ENV: 'production' })).toThrow(/production/);
    expect(() => assertDemoSeedingAllowed('https://cognito-idp.eu-west-1.amazonaws.com', {})).toThrow(/local emulator/);
  });
});

/** A PKCE pair (RFC 7636, S256). */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorize URL with Cognito's parameters; `overrides` replace or (undefined) drop them. */
function authorizeUrl(challenge: string, overrides: Record<string, string | undefined> = {}) {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: stack.cognito.clientId,
    redirect_uri: CALLBACK,
    identity_provider: 'Google',
    state: 'state-123',
    nonce: 'nonce-456',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const url = new URL(stack.oidc.authorizeUrl);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** The Location of a redirect answer, as a URL. */
function location(response: Response): URL {
  expect(response.status).toBe(302);
  return new URL(String(response.headers.get('location')));
}

/** Runs authorize and the provider's sign-in page; resolves with the callback's parameters. */
async function signIn(
  challenge: string,
  overrides: Record<string, string | undefined> = {},
  identity = { email: 'google.fan@terrace.test', name: 'Google Fan' },
) {
  const page = await fetch(authorizeUrl(challenge, overrides), { redirect: 'manual' });
  expect(page.status).toBe(200);
  const tx = /name="tx" value="([^"]+)"/.exec(await page.text())?.[1];
  const submitted = await fetch(new URL('/login', stack.oidc.url), {
    method: 'POST',
    body: new URLSearchParams({ tx: String(tx), action: 'allow', ...identity }),
    redirect: 'manual',
  });
  return location(submitted).searchParams;
}

/** POSTs a form to a stand-in endpoint; resolves with status and JSON body. */
async function postForm(url: string, form: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(form) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  postForm(stack.oidc.tokenUrl, {
    grant_type: 'authorization_code',
    client_id: stack.cognito.clientId,
    code,
    redirect_uri: CALLBACK,
    code_verifier: verifier,
    ...extra,
  });

describe('hosted sign-in stand-in', () => {
  it('completes the PKCE code flow for Google, Facebook and Apple with Cognito-verifiable tokens', async () => {
    const cases = [
      { provider: 'Google', scope: undefined, email: 'google.fan@terrace.test' },
      { provider: 'Facebook', scope: undefined, email: 'facebook.fan@terrace.test' },
      // spec §7: Apple adds the scopes admin, email, openid and profile.
      { provider: 'SignInWithApple', scope: 'aws.cognito.signin.user.admin email openid profile', email: 'apple.fan@terrace.test' },
    ];
    for (const { provider, scope, email } of cases) {
      const { verifier, challenge } = pkce();
      const callback = await signIn(challenge, { identity_provider: provider, scope }, { email, name: `${provider} Fan` });
      expect(callback.get('state')).toBe('state-123');
      const { status, body } = await exchange(String(callback.get('code')), verifier);
      expect(status).toBe(200);
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
      const id = await verify(String(body.id_token), 'id');
      expect(id).toMatchObject({ email, email_verified: true, nonce: 'nonce-456', 'cognito:username': id.sub });
      expect(id.identities).toEqual([expect.objectContaining({ providerName: provider, providerType: provider, primary: 'true' })]);
      const access = await verify(String(body.access_token), 'access');
      expect(String(access.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'aws.cognito.signin.user.admin']));
      expect(access.sub).toBe(id.sub);
      // The access token works against the pool like a real hosted-UI token.
      const user = await client.send(new GetUserCommand({ AccessToken: String(body.access_token) }));
      expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: email });
    }
  });

  it('signs the same federated identity in as the same user', async () => {
    const first = pkce();
    const firstTokens = await exchange(String((await signIn(first.challenge)).get('code')), first.verifier);
    const second = pkce();
    const secondTokens = await exchange(String((await signIn(second.challenge)).get('code')), second.verifier);
    expect(decodeJwt(String(secondTokens.body.id_token)).sub).toBe(decodeJwt(String(firstTokens.body.id_token)).sub);
  });

  it('refreshes at the token endpoint and with REFRESH_TOKEN_AUTH until revoked', async () => {
    const { verifier, challenge } = pkce();
    const { body } = await exchange(String((await signIn(challenge)).get('code')), verifier);
    const refreshToken = String(body.refresh_token);
    const viaEndpoint = await postForm(stack.oidc.tokenUrl, { grant_type: 'refresh_token', client_id: stack.cognito.clientId, refresh_token: refreshToken });
    expect(viaEndpoint.status).toBe(200);
    expect((await verify(String(viaEndpoint.body.id_token), 'id')).identities).toEqual([expect.objectContaining({ providerName: 'Google' })]);
    await verify(String(viaEndpoint.body.access_token), 'access');
    const viaSdk = await client.send(
      new InitiateAuthCommand({ ClientId: stack.cognito.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }),
    );
    await verify(viaSdk.AuthenticationResult?.IdToken, 'id');

    const revoked = await fetch(stack.oidc.revokeUrl, {
      method: 'POST',
      body: new URLSearchParams({ token: refreshToken, client_id: stack.cognito.clientId }),
    });
    expect(revoked.status).toBe(200);
    const after = await postForm(stack.oidc.tokenUrl, { grant_type: 'refresh_token', client_id: stack.cognito.clientId, refresh_token: refreshToken });
    expect(after).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a wrong code verifier', async () => {
    const { challenge } = pkce();
    const code = String((await signIn(challenge)).get('code'));
    const { status, body } = await exchange(code, pkce().verifier);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge' });
  });

  it('refuses a replayed code and revokes the refresh token it obtained', async () => {
    const { verifier, challenge } = pkce();
    const code = String((await signIn(challenge)).get('code'));
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    const replay = await exchange(code, verifier);
    expect(replay).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'The authorization code has already been used' } });
    const refresh = await postForm(stack.oidc.tokenUrl, {
      grant_type: 'refresh_token',
      client_id: stack.cognito.clientId,
      refresh_token: String(first.body.refresh_token),
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('refuses a code sent with another redirect_uri', async () => {
    const { verifier, challenge } = pkce();
    const code = String((await signIn(challenge)).get('code'));
    const { body } = await exchange(code, verifier, { redirect_uri: 'http://127.0.0.1:4321/elsewhere/' });
    expect(body.error).toBe('invalid_grant');
  });

  it('redirects back with an error for an unknown provider, a missing PKCE challenge or a disallowed scope', async () => {
    const { challenge } = pkce();
    const refusals = [
      { overrides: { identity_provider: 'MySpace' }, error: 'invalid_request', description: 'Unknown identity provider: MySpace' },
      { overrides: { code_challenge: undefined }, error: 'invalid_request', description: 'PKCE is required: code_challenge with code_challenge_method=S256' },
      {
        overrides: { code_challenge_method: 'plain' },
        error: 'invalid_request',
        description: 'PKCE is required: code_challenge with code_challenge_method=S256',
      },
      { overrides: { scope: 'openid phone' }, error: 'invalid_scope', description: 'Scope not allowed for this client: phone' },
      { overrides: { response_type: 'token' }, error: 'unsupported_response_type', description: 'response_type must be code' },
    ];
    for (const { overrides, error, description } of refusals) {
      const target = location(await fetch(authorizeUrl(challenge, overrides), { redirect: 'manual' }));
      expect(target.origin + target.pathname).toBe(CALLBACK);
      expect(Object.fromEntries(target.searchParams)).toEqual({ error, error_description: description, state: 'state-123' });
    }
  });

  it('answers an unknown client or redirect_uri itself instead of redirecting', async () => {
    const { challenge } = pkce();
    for (const overrides of [{ client_id: 'unknown-client' }, { redirect_uri: 'https://evil.example/callback' }, { redirect_uri: `${CALLBACK}x` }]) {
      const response = await fetch(authorizeUrl(challenge, overrides), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect((await response.json()).error).toMatch(/^invalid_(client|request)$/);
    }
  });

  it('redirects a cancelled sign-in with access_denied', async () => {
    const page = await fetch(authorizeUrl(pkce().challenge), { redirect: 'manual' });
    const tx = String(/name="tx" value="([^"]+)"/.exec(await page.text())?.[1]);
    const cancelled = await fetch(new URL('/login', stack.oidc.url), { method: 'POST', body: new URLSearchParams({ tx, action: 'deny' }), redirect: 'manual' });
    expect(Object.fromEntries(location(cancelled).searchParams)).toMatchObject({ error: 'access_denied', state: 'state-123' });
  });

  it('refuses an expired code', async () => {
    let clock = Date.now();
    const app = createHostedDomainApp({ cognito: stack.cognito, codeTtlSeconds: 60, now: () => clock });
    const { verifier, challenge } = pkce();
    const page = await app.request(authorizeUrl(challenge));
    const tx = String(/name="tx" value="([^"]+)"/.exec(await page.text())?.[1]);
    const submitted = await app.request('/login', {
      method: 'POST',
      body: new URLSearchParams({ tx, action: 'allow', email: 'late@terrace.test', name: 'Late Fan' }),
    });
    const code = String(location(submitted).searchParams.get('code'));
    clock += 61_000;
    const answer = await app.request('/oauth2/token', {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: stack.cognito.clientId, code, redirect_uri: CALLBACK, code_verifier: verifier }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid_grant', error_description: 'The authorization code has expired' });
  });

  it('answers userInfo for a valid access token only', async () => {
    const { verifier, challenge } = pkce();
    const { body } = await exchange(String((await signIn(challenge)).get('code')), verifier);
    const info = await fetch(stack.oidc.userInfoUrl, { headers: { Authorization: `Bearer ${String(body.access_token)}` } });
    expect(await info.json()).toMatchObject({ email: 'google.fan@terrace.test', sub: decodeJwt(String(body.access_token)).sub });
    const withIdToken = await fetch(stack.oidc.userInfoUrl, { headers: { Authorization: `Bearer ${String(body.id_token)}` } });
    expect(withIdToken.status).toBe(401);
  });

  it('signs out to allowed URLs only', async () => {
    const logout = (uri: string) =>
      fetch(`${stack.oidc.logoutUrl}?${new URLSearchParams({ client_id: stack.cognito.clientId, logout_uri: uri })}`, { redirect: 'manual' });
    expect(location(await logout(SIGNED_OUT)).toString()).toBe(SIGNED_OUT);
    expect((await logout('https://evil.example/')).status).toBe(400);
  });
});

describe('restart', () => {
  it('keeps the pool, the client and the demo accounts of the data folder', async () => {
    const { userPoolId, clientId, dataDir } = stack.cognito;
    const subs = stack.cognito.demoAccounts.map((account) => account.sub);
    await stack.stop();
    const again = await startCognito({ port: 0, dataDir, callbackUrls: [CALLBACK], logoutUrls: [SIGNED_OUT], quiet: true });
    try {
      expect({ userPoolId: again.userPoolId, clientId: again.clientId }).toEqual({ userPoolId, clientId });
      expect(again.demoAccounts.map((account) => account.sub)).toEqual(subs);
      const account = DEMO_ACCOUNTS[0]!;
      const answer = await again.client.send(
        new InitiateAuthCommand({
          ClientId: clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
        }),
      );
      expect(answer.AuthenticationResult?.IdToken).toBeTruthy();
    } finally {
      await again.stop();
    }
  }, 20_000);
});
