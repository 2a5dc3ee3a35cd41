/**
 * The identity service behind the accounts routes (spec §7 "Identity operations"): Amazon Cognito
 * through @aws-sdk/client-cognito-identity-provider, behind `IdentityService` so tests and
 * src/platform/deps.ts replace it. Supporter calls go through the confidential server client
 * (SECRET_HASH); hosted-client refresh tokens are refreshed and revoked with the public client.
 * Errors: `IdentityError` with a `kind` the routes map to the envelope: invalid_credentials,
 * user_not_confirmed, password_reset_required, account_exists, invalid_code, invalid_password (its
 * message is Cognito's policy text), invalid_parameter, too_many_requests, unavailable (anything else).
 */
import { createHmac } from 'node:crypto';
import {
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  type AuthenticationResultType,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { CognitoSettings } from '../../platform/env.ts';

/** Tokens Cognito issued. `refreshToken` is absent on a refresh unless Cognito rotated it. */
export interface IdentityTokens {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  /** Lifetime of the id and access tokens in seconds. */
  expiresIn: number;
}

/** The outcome of a password sign-in: tokens, or Cognito's NEW_PASSWORD_REQUIRED challenge. */
export type SignInResult = { kind: 'tokens'; tokens: IdentityTokens } | { kind: 'newPasswordRequired'; session: string; username: string };

/** The failure kinds of the identity service (see the file header). */
export type IdentityErrorKind =
  | 'invalid_credentials'
  | 'user_not_confirmed'
  | 'password_reset_required'
  | 'account_exists'
  | 'invalid_code'
  | 'invalid_password'
  | 'invalid_parameter'
  | 'too_many_requests'
  | 'unavailable';

/** A failed identity call, classified. */
export class IdentityError extends Error {
  readonly kind: IdentityErrorKind;
  /** The service's own error name (e.g. 'NotAuthorizedException'), for logs. */
  readonly serviceError: string;
  constructor(kind: IdentityErrorKind, message: string, serviceError: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'IdentityError';
    this.kind = kind;
    this.serviceError = serviceError;
  }
}

/** What the accounts routes ask of the identity provider. Every method rejects with IdentityError. */
export interface IdentityService {
  /** USER_PASSWORD_AUTH with `username` as given (the route lower-cases it). */
  signIn(username: string, password: string): Promise<SignInResult>;
  /** Answers NEW_PASSWORD_REQUIRED. */
  completeNewPassword(username: string, session: string, newPassword: string): Promise<IdentityTokens>;
  /**
   * REFRESH_TOKEN_AUTH; the result has `refreshToken` only when Cognito rotated it. `clientId` is
   * the client the token was issued to (default the server client), `username` the Cognito
   * username SECRET_HASH needs.
   */
  refresh(refreshToken: string, issuedTo?: { clientId?: string; username?: string }): Promise<IdentityTokens>;
  /** SignUp with the `email` attribute always and `name` = displayName. */
  signUp(input: { email: string; password: string; displayName: string }): Promise<void>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendConfirmationCode(email: string): Promise<void>;
  forgotPassword(email: string): Promise<void>;
  confirmForgotPassword(email: string, code: string, newPassword: string): Promise<void>;
  changePassword(accessToken: string, previousPassword: string, proposedPassword: string): Promise<void>;
  updateAttributes(accessToken: string, attributes: Record<string, string>): Promise<void>;
  /** The signed-in user's attributes (name → value). */
  getUserAttributes(accessToken: string): Promise<Record<string, string>>;
  /** RevokeToken: ends a refresh token (and the tokens it issued); `clientId` as for refresh. */
  revokeRefreshToken(refreshToken: string, clientId?: string): Promise<void>;
  /** GlobalSignOut: ends every refresh token of the user (not supported by cognito-local). */
  globalSignOut(accessToken: string): Promise<void>;
  /** AdminUserGlobalSignOut: ends every refresh token of `username` (a Cognito username or e-mail alias). */
  adminGlobalSignOut(username: string): Promise<void>;
}

const KIND_BY_EXCEPTION: Record<string, IdentityErrorKind> = {
  NotAuthorizedException: 'invalid_credentials',
  UserNotFoundException: 'invalid_credentials',
  UserNotConfirmedException: 'user_not_confirmed',
  PasswordResetRequiredException: 'password_reset_required',
  UsernameExistsException: 'account_exists',
  AliasExistsException: 'account_exists',
  CodeMismatchException: 'invalid_code',
  ExpiredCodeException: 'invalid_code',
  InvalidPasswordException: 'invalid_password',
  InvalidParameterException: 'invalid_parameter',
  TooManyRequestsException: 'too_many_requests',
  LimitExceededException: 'too_many_requests',
  TooManyFailedAttemptsException: 'too_many_requests',
};

/** Classifies anything an SDK call threw (see the file header). */
export function classifyIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const name = error instanceof Error ? error.name : 'UnknownError';
  const message = error instanceof Error ? error.message : String(error);
  const kind = KIND_BY_EXCEPTION[name] ?? 'unavailable';
  return new IdentityError(kind, message, name, { cause: error });
}

function tokensOf(result: AuthenticationResultType | undefined): IdentityTokens {
  if (!result?.IdToken || !result.AccessToken) throw new IdentityError('unavailable', 'Cognito answered without tokens', 'MissingTokens');
  return {
    idToken: result.IdToken,
    accessToken: result.AccessToken,
    ...(result.RefreshToken ? { refreshToken: result.RefreshToken } : {}),
    expiresIn: result.ExpiresIn ?? 3600,
  };
}

const attributes = (record: Record<string, string>): AttributeType[] => Object.entries(record).map(([Name, Value]) => ({ Name, Value }));

/** How long connecting to Cognito may take (ms) before the attempt fails. */
export const COGNITO_CONNECT_TIMEOUT_MS = 2_000;
/** How long one Cognito call may go without an answer (ms) before the attempt fails; two attempts at most. */
export const COGNITO_REQUEST_TIMEOUT_MS = 4_000;

/**
 * The Cognito identity service for `settings` (src/platform/env.ts cognitoSettings). `client`
 * replaces the SDK client (tests). Credentials come from the SDK's default chain; against a local
 * endpoint the emulator's dummy ones are used when none are set.
 */
export function createCognitoIdentity(settings: CognitoSettings, client?: CognitoIdentityProviderClient): IdentityService {
  const sdk =
    client ??
    new CognitoIdentityProviderClient({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.endpoint && !process.env.AWS_ACCESS_KEY_ID ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      // Sign-in is interactive: two quick attempts, then the supporter sees a message.
      maxAttempts: 2,
      // Bounded even when Cognito accepts connections and never answers.
      // (The handler only warns about an overdue request unless throwOnRequestTimeout is set.)
      requestHandler: { connectionTimeout: COGNITO_CONNECT_TIMEOUT_MS, requestTimeout: COGNITO_REQUEST_TIMEOUT_MS, throwOnRequestTimeout: true },
    });
  const ClientId = settings.clientId;
  const secret = settings.clientSecret;
  /** SECRET_HASH for `username` at the server client, when it has a secret. */
  const secretHash = (username: string): string | undefined =>
    secret ? createHmac('sha256', secret).update(`${username}${ClientId}`).digest('base64') : undefined;
  const withHash = <T extends Record<string, string>>(parameters: T, username: string): T & { SECRET_HASH?: string } => {
    const hash = secretHash(username);
    return hash ? { ...parameters, SECRET_HASH: hash } : parameters;
  };
  const hashOption = (username: string) => {
    const hash = secretHash(username);
    return hash ? { SecretHash: hash } : {};
  };
  /** The client a token was issued to: the server client (with its secret) or another one (none). */
  const clientFor = (clientId: string | undefined) =>
    !clientId || clientId === ClientId ? { ClientId, ...(secret ? { ClientSecret: secret } : {}) } : { ClientId: clientId };

  /** Sends a command, turning any failure into IdentityError. */
  const call = async <T>(send: () => Promise<T>): Promise<T> => {
    try {
      return await send();
    } catch (error) {
      throw classifyIdentityError(error);
    }
  };

  return {
    async signIn(username, password) {
      const answer = await call(() =>
        sdk.send(
          new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: withHash({ USERNAME: username, PASSWORD: password }, username) }),
        ),
      );
      if (answer.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
        return { kind: 'newPasswordRequired', session: String(answer.Session ?? ''), username: answer.ChallengeParameters?.USER_ID_FOR_SRP ?? username };
      }
      if (answer.ChallengeName) throw new IdentityError('unavailable', `Unsupported sign-in challenge ${answer.ChallengeName}`, 'UnsupportedChallenge');
      return { kind: 'tokens', tokens: tokensOf(answer.AuthenticationResult) };
    },
    async completeNewPassword(username, session, newPassword) {
      const answer = await call(() =>
        sdk.send(
          new RespondToAuthChallengeCommand({
            ClientId,
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            Session: session,
            ChallengeResponses: withHash({ USERNAME: username, NEW_PASSWORD: newPassword }, username),
          }),
        ),
      );
      return tokensOf(answer.AuthenticationResult);
    },
    async refresh(refreshToken, issuedTo = {}) {
      const server = !issuedTo.clientId || issuedTo.clientId === ClientId;
      const parameters = { REFRESH_TOKEN: refreshToken };
      const AuthParameters = server && issuedTo.username ? withHash(parameters, issuedTo.username) : parameters;
      const answer = await call(() =>
        sdk.send(new InitiateAuthCommand({ ClientId: server ? ClientId : String(issuedTo.clientId), AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters })),
      );
      return tokensOf(answer.AuthenticationResult);
    },
    async signUp({ email, password, displayName }) {
      // Spec §5: sign-up always adds the email attribute.
      await call(() =>
        sdk.send(
          new SignUpCommand({ ClientId, ...hashOption(email), Username: email, Password: password, UserAttributes: attributes({ email, name: displayName }) }),
        ),
      );
    },
    async confirmSignUp(email, code) {
      await call(() => sdk.send(new ConfirmSignUpCommand({ ClientId, ...hashOption(email), Username: email, ConfirmationCode: code })));
    },
    async resendConfirmationCode(email) {
      await call(() => sdk.send(new ResendConfirmationCodeCommand({ ClientId, ...hashOption(email), Username: email })));
    },
    async forgotPassword(email) {
      await call(() => sdk.send(new ForgotPasswordCommand({ ClientId, ...hashOption(email), Username: email })));
    },
    async confirmForgotPassword(email, code, newPassword) {
      await call(() =>
        sdk.send(new ConfirmForgotPasswordCommand({ ClientId, ...hashOption(email), Username: email, ConfirmationCode: code, Password: newPassword })),
      );
    },
    async changePassword(accessToken, previousPassword, proposedPassword) {
      await call(() =>
        sdk.send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: previousPassword, ProposedPassword: proposedPassword })),
      );
    },
    async updateAttributes(accessToken, record) {
      await call(() => sdk.send(new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: attributes(record) })));
    },
    async getUserAttributes(accessToken) {
      const answer = await call(() => sdk.send(new GetUserCommand({ AccessToken: accessToken })));
      return Object.fromEntries((answer.UserAttributes ?? []).filter((a) => a.Name).map((a) => [String(a.Name), a.Value ?? '']));
    },
    async revokeRefreshToken(refreshToken, clientId) {
      await call(() => sdk.send(new RevokeTokenCommand({ ...clientFor(clientId), Token: refreshToken })));
    },
    async globalSignOut(accessToken) {
      await call(() => sdk.send(new GlobalSignOutCommand({ AccessToken: accessToken })));
    },
    async adminGlobalSignOut(username) {
      await call(() => sdk.send(new AdminUserGlobalSignOutCommand({ UserPoolId: settings.userPoolId, Username: username })));
    },
  };
}

/** An identity service that answers every call with `unavailable` (pool or client not configured). */
export function unconfiguredIdentity(): IdentityService {
  const refuse = async (): Promise<never> => {
    throw new IdentityError('unavailable', 'Cognito is not configured (COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID)', 'NotConfigured');
  };
  return {
    signIn: refuse,
    completeNewPassword: refuse,
    refresh: refuse,
    signUp: refuse,
    confirmSignUp: refuse,
    resendConfirmationCode: refuse,
    forgotPassword: refuse,
    confirmForgotPassword: refuse,
    changePassword: refuse,
    updateAttributes: refuse,
    getUserAttributes: refuse,
    revokeRefreshToken: refuse,
    globalSignOut: refuse,
    adminGlobalSignOut: refuse,
  };
}
