/**
 * Hosted sign-in routes (spec §7 Sign-in): GET /api/auth/authorize?provider&returnTo → 302 to the
 * hosted /oauth2/authorize with the transaction in the `tr_oauth` cookie (400 for an unknown
 * provider; a return address off the allow-list becomes '/'); GET /auth/callback/?code&state (a
 * site path rewritten to the API) → the cookie read and cleared, the code exchanged (oauth.ts), the
 * session started (signedInSession.ts), 302 to the return address with `loginSuccess=true`.
 * Errors: 302 /account/login?error=<code>, a code of src/accounts/rules/signInErrors.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { LOGIN_QUERY_FLAGS } from '../rules/loginCheck.ts';
import { allowedReturnAddress, returnHosts } from '../rules/returnAddress.ts';
import { SIGN_IN_ERROR_PARAM, type HostedSignInError as HostedSignInErrorCode } from '../rules/signInErrors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import { cognitoSettings } from '../../platform/env.ts';
import { ApiError, errorResponses } from '../../platform/http/errors.ts';
import type { PlatformHonoEnv } from '../../platform/http/types.ts';
import { createRouter } from '../../platform/http/validation.ts';
import { cookieJar, decodeCookieJson, encodeCookieJson, OAUTH_MAX_AGE } from './cookies.ts';
import { beginHostedSignIn, CALLBACK_PATH, completeHostedSignIn, HOSTED_PROVIDERS, HostedSignInError, type HostedSignInOptions } from './oauth.ts';
import { startSession } from './signedInSession.ts';

/** The query flag the site reads after a hosted sign-in (spec §4 'loginSuccess=true'). */
export const LOGIN_SUCCESS_PARAM = LOGIN_QUERY_FLAGS[0];

/** The site page a failed hosted sign-in returns to. */
export const SIGN_IN_PAGE_PATH = '/account/login';

const transactionCookie = z.object({
  state: z.string().min(16).max(256),
  nonce: z.string().min(16).max(256),
  verifier: z.string().min(43).max(128),
  returnTo: z.string().max(2048),
  provider: z.enum(HOSTED_PROVIDERS),
});

/** The authorize router (mounted at /api by createPlatformApp). */
export function createHostedSignInRouter(deps: PlatformDeps) {
  const authorize = createRoute({
    method: 'get',
    path: '/auth/authorize',
    tags: ['accounts'],
    summary: 'Start a hosted sign-in with Google, Facebook or Sign in with Apple',
    request: {
      query: z.object({
        provider: z.enum(HOSTED_PROVIDERS, { message: 'Unknown sign-in provider: use Google, Facebook or SignInWithApple' }),
        returnTo: z.string().max(2048).optional(),
      }),
    },
    responses: {
      302: { description: "To the hosted domain's authorize endpoint" },
      ...errorResponses(400),
      503: { description: 'Hosted sign-in is not configured or unavailable (`identity_unavailable`)' },
    },
  });

  return createRouter().openapi(authorize, async (c) => {
    const { provider, returnTo } = c.req.valid('query');
    const settings = cognitoSettings(deps.env);
    if (!settings?.domain) throw new ApiError(503, 'identity_unavailable', 'Sign-in with this provider is not available right now');
    const origin = new URL(c.req.url).origin;
    const address =
      allowedReturnAddress(returnTo, { siteOrigin: origin, hosts: returnHosts(deps.env.RETURN_HOSTS, origin) }) ?? new URL('/', origin).toString();
    const { transaction, authorizeUrl } = await beginHostedSignIn(settings, { provider, siteOrigin: origin, returnTo: address });
    cookieJar(c, deps.env.COOKIE_SECURE).set('oauth', encodeCookieJson(transaction), OAUTH_MAX_AGE);
    return c.redirect(authorizeUrl, 302);
  });
}

/**
 * The /auth/callback/ handler as a plain Hono app (mounted at the site root, outside /api).
 * `options.fetch` replaces the network of the token request (tests).
 */
export function createCallbackApp(deps: PlatformDeps, options: HostedSignInOptions = {}) {
  const handler = async (c: Context<PlatformHonoEnv>) => {
    const origin = new URL(c.req.url).origin;
    const jar = cookieJar(c, deps.env.COOKIE_SECURE);
    const fail = (code: HostedSignInErrorCode, detail: string) => {
      deps.logger.info('hosted sign-in refused', { requestId: c.get('requestId'), code, detail });
      const page = new URL(SIGN_IN_PAGE_PATH, origin);
      page.searchParams.set(SIGN_IN_ERROR_PARAM, code);
      return c.redirect(page.toString(), 302);
    };
    const stored = transactionCookie.safeParse(decodeCookieJson(jar.get('oauth')));
    // One use: the transaction is gone whatever happens next, so a replayed callback finds none.
    jar.clear('oauth');
    if (!stored.success) return fail('invalid_state', 'no sign-in transaction in this browser');
    const settings = cognitoSettings(deps.env);
    if (!settings) return fail('identity_unavailable', 'Cognito is not configured');
    const params = new URL(c.req.url).searchParams;
    try {
      const tokens = await completeHostedSignIn(settings, stored.data, { params, siteOrigin: origin }, options);
      await startSession(c, deps, tokens);
    } catch (error) {
      if (error instanceof HostedSignInError) return fail(error.code, error.message);
      if (error instanceof ApiError && error.code === 'account_blocked') return fail('account_blocked', 'blocked account');
      deps.logger.error('hosted sign-in failed', { requestId: c.get('requestId'), error: error instanceof Error ? error.message : String(error) });
      return fail('identity_unavailable', 'unexpected failure');
    }
    // The stored address was allow-listed at authorize; check again in case the list changed.
    const target = new URL(
      allowedReturnAddress(stored.data.returnTo, { siteOrigin: origin, hosts: returnHosts(deps.env.RETURN_HOSTS, origin) }) ?? '/',
      origin,
    );
    target.searchParams.set(LOGIN_SUCCESS_PARAM, 'true');
    return c.redirect(target.toString(), 302);
  };
  // Spec §7 names '/auth/callback/'; the slash-less form is answered alike.
  return new Hono<PlatformHonoEnv>().get(CALLBACK_PATH, handler).get(CALLBACK_PATH.replace(/\/$/, ''), handler);
}
