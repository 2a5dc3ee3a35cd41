/**
 * A platform app on an in-memory PGlite with a stand-in identity service and token verifier that
 * behave like cognito-local where it matters to session security (tests only):
 * - tokens are `<kind>~<sub>~<auth_time>~<n>`; the verifier reads them back (id tokens carry the
 *   `email`, `email_verified` and `name` the account has *now*, as Cognito's do);
 * - a refresh issues tokens with a new `auth_time`, as cognito-local does (Cognito keeps the
 *   original), and AdminUserGlobalSignOut is unsupported, as in cognito-local;
 * - a browser is a cookie jar (`browser(ip)`), calls go through app.request with its cookies.
 */
import type { IdentityService, IdentityTokens } from '../../src/accounts/server/cognito';
import type { AccessClaims, IdClaims, TokenVerifier } from '../../src/accounts/server/cognitoTokens';
import { TokenError } from '../../src/accounts/server/cognitoTokens';
import { createPlatformApp } from '../../src/platform/app';
import type { PlatformDatabase } from '../../src/platform/deps';
import { parsePlatformEnv } from '../../src/platform/env';
import { steppableClock } from './streamApi';
import { quiet, SITE } from './paymentsApi';

/** One stand-in account. */
export interface StandInAccount {
  /** A federated provider's name ('Google' …); its tokens carry `identities`. */
  provider?: string;
  sub: string;
  email: string;
  password: string;
  name: string;
  emailVerified: boolean;
}

const fail = (name: string, message = name) => Object.assign(new Error(message), { name });

/** A harness: the app, its clock, the stand-in's accounts, and browsers. */
export function accountsHarness(db: PlatformDatabase, env: Record<string, string> = {}) {
  const clock = steppableClock();
  const accounts = new Map<string, StandInAccount>();
  const revoked = new Set<string>();
  /** What each refresh was told about the token's client and username. */
  const refreshes: { clientId?: string; username?: string }[] = [];
  let n = 0;
  const seconds = () => Math.floor(clock.now().getTime() / 1000);
  const bySub = (sub: string) => [...accounts.values()].find((a) => a.sub === sub);
  const issue = (account: StandInAccount, refresh = true): IdentityTokens => {
    n += 1;
    const at = seconds();
    return {
      idToken: `id~${account.sub}~${at}~${n}`,
      accessToken: `access~${account.sub}~${at}~${n}`,
      ...(refresh ? { refreshToken: `refresh~${account.sub}~${at}~${n}` } : {}),
      expiresIn: 3600,
    };
  };
  const parse = (token: string, kind: string) => {
    const [k, sub, at] = token.split('~');
    const account = sub ? bySub(sub) : undefined;
    if (k !== kind || !account || !at) throw new TokenError('invalid', 'not a stand-in token');
    if (Number(at) + 3600 < seconds()) throw new TokenError('expired', 'expired');
    return { account, at: Number(at) };
  };
  const tokens: TokenVerifier = {
    async verifyIdToken(token) {
      const { account, at } = parse(token, 'id');
      return {
        sub: account.sub,
        exp: at + 3600,
        iat: at,
        auth_time: at,
        token_use: 'id',
        email: account.email,
        email_verified: account.emailVerified,
        name: account.name,
        ...(account.provider ? { identities: [{ providerName: account.provider }] } : {}),
      } as IdClaims;
    },
    async verifyAccessToken(token) {
      const { account, at } = parse(token, 'access');
      return {
        sub: account.sub,
        exp: at + 3600,
        iat: at,
        auth_time: at,
        token_use: 'access',
        client_id: 'server-client',
        username: account.sub,
      } as AccessClaims;
    },
  };
  const identity: IdentityService = {
    async signIn(username, password) {
      const account = accounts.get(username.toLowerCase()) ?? bySub(username);
      if (!account || account.password !== password) throw fail('NotAuthorizedException', 'Incorrect username or password.');
      return { kind: 'tokens', tokens: issue(account) };
    },
    async completeNewPassword() {
      throw fail('NotAuthorizedException');
    },
    async refresh(refreshToken, issuedTo = {}) {
      refreshes.push(issuedTo);
      const sub = refreshToken.split('~')[1];
      const account = sub ? bySub(sub) : undefined;
      if (!account || revoked.has(refreshToken)) throw fail('NotAuthorizedException', 'Refresh Token has been revoked');
      return issue(account, false);
    },
    async signUp() {},
    async confirmSignUp() {},
    async resendConfirmationCode() {},
    async forgotPassword() {},
    async confirmForgotPassword(email, code, newPassword) {
      const account = accounts.get(email);
      if (!account || code !== '123456') throw fail('CodeMismatchException');
      account.password = newPassword;
    },
    async changePassword(accessToken, previous, proposed) {
      const { account } = parse(accessToken, 'access');
      if (account.password !== previous) throw fail('NotAuthorizedException', 'Incorrect username or password.');
      account.password = proposed;
    },
    async updateAttributes(accessToken, attributes) {
      const { account } = parse(accessToken, 'access');
      if (attributes.name !== undefined) account.name = attributes.name;
      if (attributes.email !== undefined) {
        account.email = attributes.email;
        account.emailVerified = false;
      }
    },
    async getUserAttributes(accessToken) {
      const { account } = parse(accessToken, 'access');
      return { name: account.name, email: account.email };
    },
    async revokeRefreshToken(refreshToken) {
      revoked.add(refreshToken);
    },
    async globalSignOut() {
      throw fail('UnsupportedError');
    },
    async adminGlobalSignOut() {
      throw fail('UnsupportedError', 'AdminUserGlobalSignOut is not supported by cognito-local');
    },
  };
  const app = createPlatformApp({ env: parsePlatformEnv({ LOG_LEVEL: 'silent', SITE_URL: SITE, ...env }), logger: quiet, db, clock, tokens, identity });

  /** Adds an account to the stand-in pool. */
  const addAccount = (email: string, password: string, name = 'Demo Supporter'): StandInAccount => {
    const account = { sub: `sub-${email.split('@')[0]}`, email, password, name, emailVerified: true };
    accounts.set(email, account);
    return account;
  };

  /** A browser at `ip`: its cookies kept between calls as a browser would (by name; paths ignored). */
  const browser = (ip: string) => {
    const jar = new Map<string, string>();
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await app.request(
        `${SITE}${path}`,
        {
          method,
          headers: { origin: SITE, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...headers },
          ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
          redirect: 'manual',
        },
        { clientIp: ip },
      );
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        const name = pair!.slice(0, at);
        const value = pair!.slice(at + 1);
        if (/max-age=0/i.test(line) || value === '') jar.delete(name);
        else jar.set(name, value);
      }
      return res;
    };
    return { jar, call, signIn: (email: string, password: string) => call('POST', '/api/auth/login', { username: email, password }) };
  };
  return { app, clock, accounts, revoked, refreshes, identity, addAccount, browser };
}
