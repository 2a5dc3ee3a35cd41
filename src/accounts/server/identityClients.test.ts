/**
 * The two Cognito app clients (docs/accounts-api.md "App clients"): every call the platform makes
 * for a supporter goes through the confidential server client with SECRET_HASH (and RevokeToken
 * with its secret); the hosted sign-in's redirect names only the hosted client, which cannot do
 * password auth; refresh tokens the hosted client issued are refreshed and revoked with it.
 * cognito-local does not check secrets, so this is asserted on the requests the SDK would send.
 */
import { createHmac } from 'node:crypto';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { createCognitoIdentity } from './cognito';
import { beginHostedSignIn } from './oauth';
import { cognitoSettings, parsePlatformEnv } from '../../platform/env';

const SERVER = 'serverclient123';
const HOSTED = 'hostedclient456';
const SECRET = 'server-secret-0123456789abcdef0123456789';

const settings = cognitoSettings(
  parsePlatformEnv({
    COGNITO_USER_POOL_ID: 'eu-west-1_Pool1234',
    COGNITO_CLIENT_ID: SERVER,
    COGNITO_CLIENT_SECRET: SECRET,
    COGNITO_HOSTED_CLIENT_ID: HOSTED,
    COGNITO_DOMAIN: 'https://auth.stokecity.example',
  }),
)!;

const hash = (username: string) => createHmac('sha256', SECRET).update(`${username}${SERVER}`).digest('base64');

/** An SDK client that records each command's name and input and answers with tokens. */
function recordingClient() {
  const sent: { command: string; input: Record<string, unknown> }[] = [];
  const client = {
    async send(command: { constructor: { name: string }; input: Record<string, unknown> }) {
      sent.push({ command: command.constructor.name, input: command.input });
      return { AuthenticationResult: { IdToken: 'id', AccessToken: 'access', ExpiresIn: 3600 } };
    },
  } as unknown as CognitoIdentityProviderClient;
  return { sent, client };
}

describe('Cognito app clients', () => {
  it('reads the server client, its secret and the hosted client from the environment; accepts tokens of both', () => {
    expect(settings).toMatchObject({ clientId: SERVER, clientSecret: SECRET, hostedClientId: HOSTED });
    expect(settings.clientIds.sort()).toEqual([HOSTED, SERVER].sort());
    const single = cognitoSettings(parsePlatformEnv({ COGNITO_USER_POOL_ID: 'eu-west-1_Pool1234', COGNITO_CLIENT_ID: SERVER }))!;
    expect(single).toMatchObject({ hostedClientId: SERVER, clientIds: [SERVER], clientSecret: undefined });
    expect(() => parsePlatformEnv({ COGNITO_CLIENT_SECRET: 'short' })).toThrow(/COGNITO_CLIENT_SECRET/);
  });

  it('sends SECRET_HASH with every call made for a supporter, through the server client', async () => {
    const { sent, client } = recordingClient();
    const identity = createCognitoIdentity(settings, client);
    const email = 'fan@terrace.test';
    await identity.signIn(email, 'Password-1');
    await identity.completeNewPassword('sub-123', 'session', 'Password-2');
    await identity.refresh('refresh-token', { clientId: SERVER, username: 'sub-123' });
    await identity.signUp({ email, password: 'Password-1', displayName: 'Fan' });
    await identity.confirmSignUp(email, '123456');
    await identity.resendConfirmationCode(email);
    await identity.forgotPassword(email);
    await identity.confirmForgotPassword(email, '123456', 'Password-3');
    await identity.revokeRefreshToken('refresh-token');
    for (const { command, input } of sent) expect(input.ClientId, command).toBe(SERVER);
    const byCommand = Object.fromEntries(sent.map((s) => [s.command, s.input]));
    expect(sent[0]!.input).toMatchObject({ AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, SECRET_HASH: hash(email) } });
    expect(byCommand.RespondToAuthChallengeCommand).toMatchObject({ ChallengeResponses: { USERNAME: 'sub-123', SECRET_HASH: hash('sub-123') } });
    expect(sent[2]!.input).toMatchObject({ AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'refresh-token', SECRET_HASH: hash('sub-123') } });
    for (const command of ['SignUpCommand', 'ConfirmSignUpCommand', 'ResendConfirmationCodeCommand', 'ForgotPasswordCommand', 'ConfirmForgotPasswordCommand']) {
      expect(byCommand[command], command).toMatchObject({ SecretHash: hash(email) });
    }
    expect(byCommand.RevokeTokenCommand).toMatchObject({ ClientId: SERVER, ClientSecret: SECRET });
  });

  it('refreshes and revokes a hosted sign-in refresh token with the hosted client, without the secret', async () => {
    const { sent, client } = recordingClient();
    const identity = createCognitoIdentity(settings, client);
    await identity.refresh('hosted-refresh', { clientId: HOSTED, username: 'Google_123' });
    await identity.revokeRefreshToken('hosted-refresh', HOSTED);
    expect(sent.map((s) => s.input.ClientId)).toEqual([HOSTED, HOSTED]);
    expect(JSON.stringify(sent)).not.toContain(SECRET);
    expect(JSON.stringify(sent)).not.toContain('SECRET_HASH');
  });

  it('names only the hosted client in the browser’s authorize redirect', async () => {
    const { authorizeUrl } = await beginHostedSignIn(settings, { provider: 'Google', siteOrigin: 'https://www.stokecity.example', returnTo: '/' });
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe(HOSTED);
    expect(authorizeUrl).not.toContain(SERVER);
    expect(authorizeUrl).not.toContain(SECRET);
  });
});
