// @ts-check
/**
 * The local Amazon Cognito user pool (ARCHITECTURE §4; docs/identity-local.md): runs `cognito-local`
 * as a child process, creates the pool with the web and server app clients on first run (ids kept
 * in `<dataDir>/ids.json`), and on every start brings the clients' settings and the demo accounts
 * back to their documented state. Demo accounts are refused outside loopback endpoints and when
 * NODE_ENV=production.
 * `startCognito(options)` → CognitoHandle (typedefs below), with readCodes(email) and stop().
 * Standalone: `node scripts/local/cognito.mjs` (LOCAL_COGNITO_PORT, default 9229; LOCAL_STATE_DIR,
 * default .terrace) prints the COGNITO_* variables and runs until interrupted.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListUsersCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { freePort, spawnGuarded, waitForHttp } from './process.mjs';

const require = createRequire(import.meta.url);
const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Cognito region of the product (spec §7 Sign-in). */
export const DEFAULT_REGION = 'eu-west-1';
/** cognito-local's usual port. */
export const DEFAULT_COGNITO_PORT = 9229;
/** Credentials for the emulator, which accepts any; the SDK refuses to sign admin calls without some. */
export const LOCAL_CREDENTIALS = Object.freeze({ accessKeyId: 'local', secretAccessKey: 'local' });
/** OAuth scopes the web client may ask for at the hosted domain. */
export const OAUTH_SCOPES = Object.freeze(['openid', 'email', 'profile', 'aws.cognito.signin.user.admin']);
/** Identity providers of the hosted sign-in (Cognito's names), besides COGNITO itself. */
export const FEDERATED_PROVIDERS = Object.freeze(['Google', 'Facebook', 'SignInWithApple']);

/**
 * @typedef {'subscriber' | 'household' | 'free' | 'blocked' | 'bypassed'} DemoRole
 * @typedef {{ role: DemoRole, email: string, password: string, name: string }} DemoAccount
 * @typedef {DemoAccount & { sub: string }} SeededAccount
 */

/**
 * The demo accounts of the local pool (README "Demo accounts"). Cognito only knows who they are;
 * what they may do (a subscription, a block, restrictions bypassed) is the platform's data, keyed
 * by `sub` or e-mail.
 * @type {readonly DemoAccount[]}
 */
export const DEMO_ACCOUNTS = Object.freeze([
  { role: 'subscriber', email: 'subscriber@terrace.test', password: 'Subscriber-Local-1', name: 'Demo Subscriber' },
  { role: 'free', email: 'supporter@terrace.test', password: 'Supporter-Local-1', name: 'Demo Supporter' },
  { role: 'blocked', email: 'blocked@terrace.test', password: 'Blocked-Local-1', name: 'Demo Blocked' },
  { role: 'bypassed', email: 'bypassed@terrace.test', password: 'Bypassed-Local-1', name: 'Demo Bypassed' },
  { role: 'household', email: 'household@terrace.test', password: 'Household-Local-1', name: 'Demo Household' },
]);

/**
 * @typedef {object} CognitoOptions
 * @property {number} [port] default LOCAL_COGNITO_PORT or 9229; 0 picks a free port
 * @property {string} [host] interface and issuer host, default 127.0.0.1
 * @property {string} [dataDir] default `<LOCAL_STATE_DIR or .terrace>/cognito`
 * @property {string} [region] default eu-west-1
 * @property {string[]} [callbackUrls] the app client's allowed OAuth redirect URIs
 * @property {string[]} [logoutUrls] the app client's allowed sign-out URLs
 * @property {boolean} [seed] seed the demo accounts (default true)
 * @property {boolean} [quiet] do not echo cognito-local's output (default false)
 */

/**
 * @typedef {object} DeliveredCodes
 * @property {string | undefined} confirmationCode last sign-up or forgot-password code
 * @property {string | undefined} attributeVerificationCode last code for a changed e-mail
 */

/**
 * @typedef {object} CognitoHandle
 * @property {string} endpoint e.g. http://127.0.0.1:9229 (COGNITO_ENDPOINT)
 * @property {string} region COGNITO_REGION
 * @property {number} port
 * @property {string} userPoolId COGNITO_USER_POOL_ID, e.g. local_AbCd1234
 * @property {string} clientId COGNITO_HOSTED_CLIENT_ID: the web client (public, code flow only)
 * @property {string} serverClientId COGNITO_CLIENT_ID: the server client (confidential)
 * @property {string} serverClientSecret COGNITO_CLIENT_SECRET
 * @property {string} issuer `${endpoint}/${userPoolId}` — the tokens' `iss`
 * @property {string} jwksUrl `${issuer}/.well-known/jwks.json`
 * @property {string} dataDir
 * @property {SeededAccount[]} demoAccounts empty when seeding was off
 * @property {CognitoIdentityProviderClient} client an SDK client bound to the emulator
 * @property {(email: string) => Promise<DeliveredCodes>} readCodes codes "e-mailed" to `email`
 * @property {() => Promise<void>} stop ends the emulator (its data stays)
 */

/**
 * An SDK client for the emulator: local credentials, one attempt (the emulator answers 500 for
 * operations it lacks, which the SDK would otherwise retry with back-off).
 * @param {{ endpoint: string, region?: string }} options
 */
export function createLocalCognitoClient({ endpoint, region = DEFAULT_REGION }) {
  // A copy: the SDK annotates the credentials object it is given.
  return new CognitoIdentityProviderClient({ endpoint, region, credentials: { ...LOCAL_CREDENTIALS }, maxAttempts: 1 });
}

/**
 * Refuses to seed demo accounts anywhere but a local emulator.
 * @param {string} endpoint the Cognito endpoint that would be seeded
 * @param {NodeJS.ProcessEnv} [env]
 * @throws {Error} when NODE_ENV is production or the endpoint is not on a loopback host
 */
export function assertDemoSeedingAllowed(endpoint, env = process.env) {
  if (env.NODE_ENV === 'production') {
    throw new Error('Demo accounts are never created with NODE_ENV=production');
  }
  const host = URL.canParse(endpoint) ? new URL(endpoint).hostname : '';
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) {
    throw new Error(`Demo accounts are only created in the local emulator, not at ${endpoint}`);
  }
}

/**
 * cognito-local's fixed signing key (the package ships it; its JWKS serves the public half). The
 * hosted-domain stand-in signs with it so that every token has one issuer and one JWKS.
 * @returns {{ kid: string, privateJwk: import('jose').JWK, publicJwk: import('jose').JWK }}
 */
export function loadCognitoLocalSigningKey() {
  /** @param {string} name */
  const read = (name) => {
    const file = require.resolve(`cognito-local/lib/keys/${name}`);
    return /** @type {{ jwk: import('jose').JWK }} */ (JSON.parse(readFileSync(file, 'utf8')));
  };
  const privateJwk = read('cognitoLocal.private.json').jwk;
  const publicJwk = read('cognitoLocal.public.json').jwk;
  return { kid: String(publicJwk.kid), privateJwk, publicJwk };
}

/**
 * The emulator's user-pool settings: e-mail is the username (Cognito then uses the `sub` as the
 * internal username), e-mail verified by code, recovery by e-mail, a changed e-mail taking effect
 * only once verified (cognito-local sets this at creation only: an older local pool needs
 * `.terrace/cognito` removed).
 * @type {import('@aws-sdk/client-cognito-identity-provider').CreateUserPoolCommandInput}
 */
const USER_POOL = {
  PoolName: 'terrace-local',
  UsernameAttributes: ['email'],
  UsernameConfiguration: { CaseSensitive: false },
  AutoVerifiedAttributes: ['email'],
  AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
  UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
  Policies: {
    PasswordPolicy: { MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: false },
  },
};

/** Attributes a supporter's own access token may change through either client (not the e-mail). */
export const WRITABLE_ATTRIBUTES = Object.freeze(['name']);

/**
 * The server app client's settings (confidential: the platform API's password, sign-up, code and
 * refresh flows with SECRET_HASH; no OAuth at the hosted domain).
 * @returns {Omit<import('@aws-sdk/client-cognito-identity-provider').CreateUserPoolClientCommandInput, 'UserPoolId'>}
 */
function serverClientSettings() {
  return {
    ClientName: 'terrace-server',
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    WriteAttributes: [...WRITABLE_ATTRIBUTES],
    EnableTokenRevocation: true,
    PreventUserExistenceErrors: 'ENABLED',
    AccessTokenValidity: 60,
    IdTokenValidity: 60,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  };
}

/**
 * The web app client's settings (public client the browser's authorize redirect names: code flow
 * at the hosted domain and refresh; no password auth).
 * @param {string[]} callbackUrls
 * @param {string[]} logoutUrls
 * @returns {Omit<import('@aws-sdk/client-cognito-identity-provider').CreateUserPoolClientCommandInput, 'UserPoolId'>}
 */
function appClientSettings(callbackUrls, logoutUrls) {
  return {
    ClientName: 'terrace-web',
    ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
    WriteAttributes: [...WRITABLE_ATTRIBUTES],
    AllowedOAuthFlows: ['code'],
    AllowedOAuthFlowsUserPoolClient: true,
    AllowedOAuthScopes: [...OAUTH_SCOPES],
    SupportedIdentityProviders: ['COGNITO', ...FEDERATED_PROVIDERS],
    CallbackURLs: callbackUrls,
    LogoutURLs: logoutUrls,
    EnableTokenRevocation: true,
    PreventUserExistenceErrors: 'ENABLED',
    AccessTokenValidity: 60,
    IdTokenValidity: 60,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  };
}

/**
 * Site URLs the local app client accepts by default: SITE_URL and the local server on PORT
 * (127.0.0.1 and localhost), plus the end-to-end server on E2E_PORT when set.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string[]} origins without a trailing slash
 */
export function defaultSiteOrigins(env = process.env) {
  const port = env.PORT || '4321';
  const origins = [env.SITE_URL || 'http://localhost:4321', `http://127.0.0.1:${port}`, `http://localhost:${port}`];
  if (env.E2E_PORT) origins.push(`http://127.0.0.1:${env.E2E_PORT}`, `http://localhost:${env.E2E_PORT}`);
  return [...new Set(origins.map((origin) => new URL(origin).origin))];
}

/**
 * @param {string | undefined} list comma-separated URLs
 * @returns {string[] | undefined}
 */
export function parseUrlList(list) {
  const urls = (list ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return urls.length > 0 ? urls : undefined;
}

/**
 * Starts cognito-local and brings its pool, app client and demo accounts to the documented state.
 * @param {CognitoOptions} [options]
 * @returns {Promise<CognitoHandle>}
 * @throws {Error} when the emulator does not start (its last output is in the message) or seeding
 *   is refused (see assertDemoSeedingAllowed)
 */
export async function startCognito(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const requestedPort = options.port ?? Number(process.env.LOCAL_COGNITO_PORT || DEFAULT_COGNITO_PORT);
  const port = requestedPort === 0 ? await freePort(host) : requestedPort;
  const region = options.region ?? DEFAULT_REGION;
  const dataDir = path.resolve(options.dataDir ?? path.join(process.env.LOCAL_STATE_DIR || path.join(PROJECT_ROOT, '.terrace'), 'cognito'));
  const endpoint = `http://${host}:${port}`;
  const seed = options.seed ?? true;
  if (seed) assertDemoSeedingAllowed(endpoint);
  const origins = defaultSiteOrigins();
  const callbackUrls = options.callbackUrls ?? parseUrlList(process.env.LOCAL_CALLBACK_URLS) ?? origins.map((o) => `${o}/auth/callback/`);
  const logoutUrls = options.logoutUrls ?? parseUrlList(process.env.LOCAL_LOGOUT_URLS) ?? origins.map((o) => `${o}/`);

  // cognito-local reads ./.cognito/config.json from its working directory; the issuer follows it.
  await mkdir(path.join(dataDir, '.cognito', 'db'), { recursive: true });
  const config = { TokenConfig: { IssuerDomain: endpoint }, ServerConfig: { hostname: host, port } };
  await writeFile(path.join(dataDir, '.cognito', 'config.json'), `${JSON.stringify(config, null, 2)}\n`);

  const child = spawnGuarded(require.resolve('cognito-local/lib/bin/start.js'), {
    cwd: dataDir,
    env: { ...process.env, HOST: host, PORT: String(port), AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
    label: 'cognito',
    quiet: options.quiet,
  });
  try {
    await waitForHttp(`${endpoint}/health`, { child, label: 'cognito-local' });
    const client = createLocalCognitoClient({ endpoint, region });
    const { userPoolId, clientId, serverClientId, serverClientSecret } = await ensurePoolAndClient(client, dataDir, callbackUrls, logoutUrls);
    const demoAccounts = seed ? await seedDemoAccounts(client, userPoolId) : [];
    const idsFile = path.join(dataDir, 'ids.json');
    const ids = { userPoolId, clientId, serverClientId, demoAccounts: Object.fromEntries(demoAccounts.map((a) => [a.role, a.sub])) };
    await writeFile(idsFile, `${JSON.stringify(ids, null, 2)}\n`);
    const issuer = `${endpoint}/${userPoolId}`;
    return {
      endpoint,
      region,
      port,
      userPoolId,
      clientId,
      serverClientId,
      serverClientSecret,
      issuer,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
      dataDir,
      demoAccounts,
      client,
      readCodes: (email) => readDeliveredCodes(dataDir, userPoolId, email),
      async stop() {
        client.destroy();
        await child.stop();
      },
    };
  } catch (error) {
    await child.stop();
    throw error;
  }
}

/**
 * Reuses the pool and clients recorded in ids.json while the emulator knows them, otherwise
 * creates them; then writes the clients' current settings.
 * @param {CognitoIdentityProviderClient} client
 * @param {string} dataDir
 * @param {string[]} callbackUrls
 * @param {string[]} logoutUrls
 * @returns {Promise<{ userPoolId: string, clientId: string, serverClientId: string, serverClientSecret: string }>}
 */
async function ensurePoolAndClient(client, dataDir, callbackUrls, logoutUrls) {
  /** @type {{ userPoolId?: string, clientId?: string, serverClientId?: string }} */
  let recorded = {};
  try {
    recorded = JSON.parse(await readFile(path.join(dataDir, 'ids.json'), 'utf8'));
  } catch {
    // first run
  }
  let userPoolId = recorded.userPoolId;
  if (userPoolId && !(await exists(() => client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }))))) {
    userPoolId = undefined;
  }
  if (!userPoolId) {
    const created = await client.send(new CreateUserPoolCommand(USER_POOL));
    userPoolId = String(created.UserPool?.Id);
  }
  const settings = appClientSettings(callbackUrls, logoutUrls);
  let clientId = userPoolId === recorded.userPoolId ? recorded.clientId : undefined;
  const poolId = userPoolId;
  if (clientId) {
    const known = clientId;
    if (!(await exists(() => client.send(new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: known }))))) {
      clientId = undefined;
    }
  }
  if (clientId) {
    await client.send(new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId, ...settings }));
  } else {
    const created = await client.send(new CreateUserPoolClientCommand({ UserPoolId: userPoolId, GenerateSecret: false, ...settings }));
    clientId = String(created.UserPoolClient?.ClientId);
  }
  const server = await ensureServerClient(client, userPoolId, userPoolId === recorded.userPoolId ? recorded.serverClientId : undefined);
  return { userPoolId, clientId, serverClientId: server.clientId, serverClientSecret: server.secret };
}

/**
 * The server client recorded as `known` when the emulator still has it with a secret, else a new one.
 * @param {CognitoIdentityProviderClient} client
 * @param {string} userPoolId
 * @param {string | undefined} known
 * @returns {Promise<{ clientId: string, secret: string }>}
 */
async function ensureServerClient(client, userPoolId, known) {
  const settings = serverClientSettings();
  if (known) {
    try {
      const described = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: known }));
      const secret = described.UserPoolClient?.ClientSecret;
      if (secret) {
        await client.send(new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: known, ...settings }));
        return { clientId: known, secret };
      }
    } catch {
      // gone: made again below
    }
  }
  const created = await client.send(new CreateUserPoolClientCommand({ UserPoolId: userPoolId, GenerateSecret: true, ...settings }));
  return { clientId: String(created.UserPoolClient?.ClientId), secret: String(created.UserPoolClient?.ClientSecret) };
}

/**
 * @param {() => Promise<unknown>} describe
 * @returns {Promise<boolean>} false when the emulator no longer knows the resource
 */
async function exists(describe) {
  try {
    await describe();
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates missing demo accounts and resets every one to its documented password, confirmed, with
 * a verified e-mail.
 * @param {CognitoIdentityProviderClient} client
 * @param {string} userPoolId
 * @returns {Promise<SeededAccount[]>}
 */
async function seedDemoAccounts(client, userPoolId) {
  // One listing instead of a failing AdminGetUser per new account (the emulator logs every failure).
  const { Users: users = [] } = await client.send(new ListUsersCommand({ UserPoolId: userPoolId }));
  /** @type {SeededAccount[]} */
  const seeded = [];
  for (const account of DEMO_ACCOUNTS) {
    const attributes = [
      { Name: 'email', Value: account.email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'name', Value: account.name },
    ];
    const existing = users.find((user) => (user.Attributes ?? []).some((a) => a.Name === 'email' && a.Value === account.email));
    let username;
    if (existing) {
      username = String(existing.Username);
      await client.send(new AdminUpdateUserAttributesCommand({ UserPoolId: userPoolId, Username: username, UserAttributes: attributes }));
    } else {
      const created = await client.send(
        new AdminCreateUserCommand({ UserPoolId: userPoolId, Username: account.email, MessageAction: 'SUPPRESS', UserAttributes: attributes }),
      );
      username = String(created.User?.Username);
    }
    await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: username, Password: account.password, Permanent: true }));
    // With e-mail as the username, Cognito's internal username is the user's sub.
    seeded.push({ ...account, sub: username });
  }
  return seeded;
}

/**
 * The codes cognito-local last "e-mailed" to `email`, read from its user-pool file (it writes the
 * code there before answering the call that sent it, so no waiting is needed).
 * @param {string} dataDir
 * @param {string} userPoolId
 * @param {string} email
 * @returns {Promise<DeliveredCodes>}
 */
async function readDeliveredCodes(dataDir, userPoolId, email) {
  const file = path.join(dataDir, '.cognito', 'db', `${userPoolId}.json`);
  /** @type {{ Users?: Record<string, { Attributes?: { Name: string, Value?: string }[], ConfirmationCode?: string, AttributeVerificationCode?: string }> }} */
  const pool = JSON.parse(await readFile(file, 'utf8'));
  const wanted = email.trim().toLowerCase();
  const users = Object.values(pool.Users ?? {}).filter((user) =>
    (user.Attributes ?? []).some((attribute) => attribute.Name === 'email' && attribute.Value?.toLowerCase() === wanted),
  );
  const user = users.find((u) => u.ConfirmationCode || u.AttributeVerificationCode) ?? users[0];
  return { confirmationCode: user?.ConfirmationCode, attributeVerificationCode: user?.AttributeVerificationCode };
}

/** The COGNITO_* variables the platform API reads, for this emulator. @param {CognitoHandle} cognito */
export function cognitoEnv(cognito) {
  return {
    COGNITO_REGION: cognito.region,
    COGNITO_ENDPOINT: cognito.endpoint,
    COGNITO_USER_POOL_ID: cognito.userPoolId,
    COGNITO_CLIENT_ID: cognito.serverClientId,
    COGNITO_CLIENT_SECRET: cognito.serverClientSecret,
    COGNITO_HOSTED_CLIENT_ID: cognito.clientId,
    COGNITO_ISSUER: cognito.issuer,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cognito = await startCognito();
  for (const [name, value] of Object.entries(cognitoEnv(cognito))) process.stdout.write(`${name}=${value}\n`);
  process.stdout.write(`JWKS: ${cognito.jwksUrl}\n`);
  const shutdown = () => void cognito.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
