// @ts-check
/**
 * The user-pool side of the hosted-domain stand-in (./oidc.mjs): what it asks of cognito-local and
 * the tokens it signs in Cognito's hosted-UI shape (RS256 with cognito-local's key).
 * `createHostedPool({ cognito: { endpoint, region, userPoolId }, now, tokenTtlSeconds })` →
 * { issuer, publicJwk, appClient, upsertFederatedUser, issueRefreshToken, refreshTokenOwner,
 *   revokeRefreshToken, mintTokens, verifyAccessToken, userAttributes }; each method's docstring
 * below gives its shapes (unknown or refused tokens give undefined, never throw).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  DescribeUserPoolClientCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT, createLocalJWKSet, decodeJwt, importJWK, jwtVerify } from 'jose';
import { DEFAULT_REGION, createLocalCognitoClient, loadCognitoLocalSigningKey } from './cognito.mjs';

/**
 * @typedef {object} HostedPoolOptions
 * @property {{ endpoint: string, region?: string, userPoolId: string }} cognito
 * @property {() => number} now clock in ms since the epoch
 * @property {number} tokenTtlSeconds id and access token lifetime
 */

/**
 * @param {{ Name?: string, Value?: string }[] | undefined} attributes
 * @param {string} name
 */
const attributeValue = (attributes, name) => attributes?.find((attribute) => attribute.Name === name)?.Value;

/**
 * A stable provider-side user id for an e-mail (Google and Facebook ids are long digit strings).
 * @param {string} provider
 * @param {string} email
 */
function providerUserId(provider, email) {
  const digest = createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest();
  return BigInt(`0x${digest.subarray(0, 9).toString('hex')}`)
    .toString()
    .padStart(21, '1')
    .slice(0, 21);
}

/**
 * The `identities` claim of Cognito's id token from the user attribute (values as strings).
 * @param {string | undefined} attribute
 * @returns {Record<string, string | null>[] | undefined}
 */
function identitiesClaim(attribute) {
  if (!attribute) return undefined;
  try {
    /** @type {Record<string, unknown>[]} */
    const list = JSON.parse(attribute);
    return list.map((identity) => Object.fromEntries(Object.entries(identity).map(([key, value]) => [key, value === null ? null : String(value)])));
  } catch {
    return undefined;
  }
}

/**
 * @param {HostedPoolOptions} options
 */
export function createHostedPool({ cognito: pool, now, tokenTtlSeconds }) {
  const { endpoint, userPoolId } = pool;
  const issuer = `${endpoint}/${userPoolId}`;
  const cognito = createLocalCognitoClient({ endpoint, region: pool.region ?? DEFAULT_REGION });
  const key = loadCognitoLocalSigningKey();
  const privateKey = importJWK(key.privateJwk, 'RS256');
  const publicKeys = createLocalJWKSet({ keys: [key.publicJwk] });

  /**
   * The app client's settings, or undefined when the pool has no such client.
   * @param {string | undefined} clientId
   */
  async function appClient(clientId) {
    if (!clientId) return undefined;
    try {
      const answer = await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }));
      return answer.UserPoolClient;
    } catch {
      return undefined;
    }
  }

  /**
   * Finds the pool user of a federated identity, creating it on first sign-in.
   * @param {string} provider Cognito's provider name (Google, Facebook, SignInWithApple)
   * @param {string} email
   * @param {string} name
   * @returns {Promise<string>} the user's cognito-local username (its sub)
   */
  async function upsertFederatedUser(provider, email, name) {
    const userId = providerUserId(provider, email);
    const { Users: users = [] } = await cognito.send(new ListUsersCommand({ UserPoolId: userPoolId }));
    const existing = users.find((user) =>
      (identitiesClaim(attributeValue(user.Attributes, 'identities')) ?? []).some(
        (identity) => identity.providerName === provider && identity.userId === userId,
      ),
    );
    const attributes = [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'name', Value: name },
    ];
    if (existing?.Username) {
      await cognito.send(new AdminUpdateUserAttributesCommand({ UserPoolId: userPoolId, Username: existing.Username, UserAttributes: attributes }));
      return existing.Username;
    }
    const identities = [{ userId, providerName: provider, providerType: provider, issuer: null, primary: true, dateCreated: now() }];
    // The pool takes e-mail as username, so the requested name must look like one; cognito-local
    // then stores the user under its sub, with the real e-mail as attribute.
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: `${provider}_${userId}@federated.invalid`,
        MessageAction: 'SUPPRESS',
        UserAttributes: [...attributes, { Name: 'identities', Value: JSON.stringify(identities) }],
      }),
    );
    return String(created.User?.Username);
  }

  /**
   * A refresh token cognito-local knows for a federated user. Such users have no password of their
   * own: a one-off random one is set and used at once.
   * @param {string} username
   * @param {string} clientId
   */
  async function issueRefreshToken(username, clientId) {
    const password = `Fed-${randomBytes(24).toString('base64url')}`;
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: username, Password: password, Permanent: true }));
    const answer = await cognito.send(
      new AdminInitiateAuthCommand({
        UserPoolId: userPoolId,
        ClientId: clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    return String(answer.AuthenticationResult?.RefreshToken);
  }

  /**
   * Whose refresh token this is; cognito-local decides whether it is still valid.
   * @param {string} refreshToken
   * @param {string} clientId
   * @returns {Promise<string | undefined>}
   */
  async function refreshTokenOwner(refreshToken, clientId) {
    try {
      const answer = await cognito.send(
        new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }),
      );
      return String(decodeJwt(String(answer.AuthenticationResult?.IdToken))['cognito:username']);
    } catch {
      return undefined;
    }
  }

  /** @param {string} token @param {string} clientId */
  async function revokeRefreshToken(token, clientId) {
    try {
      await cognito.send(new RevokeTokenCommand({ Token: token, ClientId: clientId }));
    } catch {
      // unknown or already revoked: nothing left to revoke
    }
  }

  /**
   * Signs id (with the openid scope) and access tokens the way Cognito's hosted UI does.
   * @param {{ username: string, clientId: string, scopes: string[], nonce?: string, authTime: number }} grant
   * @returns {Promise<{ idToken: string | undefined, accessToken: string }>}
   */
  async function mintTokens({ username, clientId, scopes, nonce, authTime }) {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    const attributes = user.UserAttributes;
    const sub = attributeValue(attributes, 'sub') ?? username;
    const issuedAt = Math.floor(now() / 1000);
    const originJti = randomUUID();
    const signingKey = await privateKey;
    /** @param {import('jose').JWTPayload} claims @param {string} [audience] */
    const sign = (claims, audience) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: key.kid })
        .setSubject(sub)
        .setIssuer(issuer)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + tokenTtlSeconds)
        .setJti(randomUUID());
      return (audience ? jwt.setAudience(audience) : jwt).sign(signingKey);
    };
    const accessToken = await sign({
      version: 2,
      client_id: clientId,
      origin_jti: originJti,
      token_use: 'access',
      scope: scopes.join(' '),
      auth_time: authTime,
      username,
    });
    if (!scopes.includes('openid')) return { idToken: undefined, accessToken };
    const idToken = await sign(
      {
        at_hash: createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url'),
        'cognito:username': username,
        origin_jti: originJti,
        token_use: 'id',
        auth_time: authTime,
        email: attributeValue(attributes, 'email'),
        email_verified: attributeValue(attributes, 'email_verified') === 'true',
        name: attributeValue(attributes, 'name'),
        identities: identitiesClaim(attributeValue(attributes, 'identities')),
        ...(nonce === undefined ? {} : { nonce }),
      },
      clientId,
    );
    return { idToken, accessToken };
  }

  /**
   * @param {string} token
   * @returns {Promise<string | undefined>} the username of a valid access token of this pool
   */
  async function verifyAccessToken(token) {
    try {
      const { payload } = await jwtVerify(token, publicKeys, { issuer, currentDate: new Date(now()) });
      return payload.token_use === 'access' ? String(payload.username) : undefined;
    } catch {
      return undefined;
    }
  }

  /** @param {string} username */
  async function userAttributes(username) {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    return { ...Object.fromEntries((user.UserAttributes ?? []).map((attribute) => [attribute.Name, attribute.Value])), username: user.Username };
  }

  return {
    issuer,
    publicJwk: key.publicJwk,
    appClient,
    upsertFederatedUser,
    issueRefreshToken,
    refreshTokenOwner,
    revokeRefreshToken,
    mintTokens,
    verifyAccessToken,
    userAttributes,
  };
}
