/**
 * The platform API's account calls for islands and stores (spec §4 Login check, §5, §7), on the
 * paths of src/platform/client.ts, kept apart from it so the site chrome does not carry them. Every
 * call sends and reads JSON same-origin and resolves, never rejects, to an {@link ApiAnswer}:
 * { ok: true, data } checked by src/accounts/rules/loginResponse, or { ok: false, status, code,
 * message, fields?, retryAfterSeconds? } (status 0 'network_error'; 'invalid_response'). No call
 * returns or accepts a token: the session lives in HttpOnly cookies.
 */
import type { ErrorEnvelope, FieldIssue } from '../../platform/http/errors.ts';
import { readLoginResponse, readUserBody, type LoginOutcome, type SessionUser } from '../rules/loginResponse.ts';
import { API_PATHS, apiPath, readAnswerJson } from '../../platform/client.ts';

/** A failed call: the API's envelope, or status 0 / 'network_error' when nothing came back. */
export interface ApiFailure {
  ok: false;
  status: number;
  code: string;
  message: string;
  fields?: FieldIssue[];
  /** From Retry-After on 429 answers. */
  retryAfterSeconds?: number;
}

/** The outcome of an accounts call: its checked data, or the failure. */
export type ApiAnswer<T> = { ok: true; status: number; data: T } | ApiFailure;

/** Options every accounts call takes; `fetch` is replaceable for tests. */
export interface CallOptions {
  fetch?: typeof fetch;
}

/** Reads an error envelope (status, code, message, fields, Retry-After) from a failed response. */
async function accountFailure(response: Response): Promise<ApiFailure> {
  const body = (await response.json().catch(() => null)) as Partial<ErrorEnvelope> | null;
  const error = body?.error;
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    ok: false,
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : 'http_error',
    message: typeof error?.message === 'string' ? error.message : `The API answered ${response.status}`,
    ...(Array.isArray(error?.fields) ? { fields: error.fields } : {}),
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
}

/**
 * One JSON call: GET when `body` is undefined, else POST with a JSON body (or `method`, e.g.
 * DELETE). `read` checks a success's body (null for a 204) and returns the data, or null for an
 * unexpected shape.
 */
async function callJson<T>(
  path: string,
  body: unknown,
  read: (json: unknown, status: number) => T | null,
  options: CallOptions & { method?: 'DELETE' } = {},
): Promise<ApiAnswer<T>> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(path, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: 0, code: 'network_error', message: 'The request could not be sent' };
  }
  if (!response.ok) return accountFailure(response);
  const answer = response.status === 204 ? { json: null } : await readAnswerJson(response);
  if (!answer) return { ok: false, status: 0, code: 'network_error', message: 'The answer could not be read' };
  const data = read(answer.json, response.status);
  return data === null
    ? { ok: false, status: response.status, code: 'invalid_response', message: 'The API answered in an unexpected shape' }
    : { ok: true, status: response.status, data };
}

const field = (json: unknown, name: string): unknown => (typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[name] : undefined);
const noBody = (): true => true;
const signedIn = (json: unknown): { user: SessionUser } | null => {
  const user = readUserBody(json);
  return user ? { user } : null;
};
const withMessage = (json: unknown): { message: string } | null => {
  const message = field(json, 'message');
  return typeof message === 'string' ? { message } : null;
};

/** GET /api/authenticated: the signed-in user; 401 `not_signed_in` or `token_expired` (spec §7). */
export function getAuthenticated(options?: CallOptions): Promise<ApiAnswer<{ user: SessionUser }>> {
  return callJson(API_PATHS.authenticated, undefined, signedIn, options);
}

/** GET /api/refresh: new session cookies and the user; 409 `refresh_in_progress`, 401 when it fails. */
export function refreshSession(options?: CallOptions): Promise<ApiAnswer<{ user: SessionUser }>> {
  return callJson(API_PATHS.refresh, undefined, signedIn, options);
}

/**
 * Signing out: DELETE /api/refresh (204: the refresh token revoked and its cookie, scoped to that
 * path, cleared), then POST /api/sign_out (204: GlobalSignOut and every session cookie cleared).
 * The second call is made whatever the first answered; its answer is the result.
 */
export async function signOut(options: CallOptions = {}): Promise<ApiAnswer<true>> {
  await callJson(API_PATHS.refresh, {}, noBody, { ...options, method: 'DELETE' });
  return callJson(API_PATHS.signOut, {}, noBody, options);
}

/**
 * POST /api/auth/login `{ username, password }` (username lower-cased by the caller, spec §5):
 * the outcome of src/accounts/rules/loginResponse — signed in, a new password required, or failed with the
 * message to show (spec §5: only the login call's message).
 */
export async function logIn(credentials: { username: string; password: string }, options: CallOptions = {}): Promise<LoginOutcome> {
  return loginCall(API_PATHS.login, credentials, options);
}

/** POST /api/auth/new-password `{ newPassword }` after the passwordChangeRequired challenge. */
export async function setNewPassword(body: { newPassword: string }, options: CallOptions = {}): Promise<LoginOutcome> {
  return loginCall(API_PATHS.newPassword, body, options);
}

async function loginCall(path: string, body: unknown, options: CallOptions): Promise<LoginOutcome> {
  const doFetch = options.fetch ?? fetch;
  try {
    const response = await doFetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
      body: JSON.stringify(body),
    });
    return readLoginResponse(response.status, await response.json().catch(() => null));
  } catch {
    return readLoginResponse(0, null);
  }
}

/** POST /api/auth/register: 201 `{ next: 'confirm', email }`; 400 with fields; 409 `account_exists`. */
export function register(body: { email: string; password: string; displayName: string }, options?: CallOptions): Promise<ApiAnswer<{ email: string }>> {
  return callJson(
    API_PATHS.register,
    body,
    (json) => (field(json, 'next') === 'confirm' && typeof field(json, 'email') === 'string' ? { email: field(json, 'email') as string } : null),
    options,
  );
}

/** POST /api/auth/confirm `{ email, code }`: 200 `{ confirmed: true }`; 400 `invalid_code`. */
export function confirmRegistration(body: { email: string; code: string }, options?: CallOptions): Promise<ApiAnswer<true>> {
  return callJson(API_PATHS.confirm, body, (json) => (field(json, 'confirmed') === true ? true : null), options);
}

/** POST /api/auth/resend-code `{ email }`: 202. */
export function resendCode(body: { email: string }, options?: CallOptions): Promise<ApiAnswer<true>> {
  return callJson(API_PATHS.resendCode, body, noBody, options);
}

/** POST /api/auth/forgot-password `{ email }`: 202 whether or not the account exists. */
export function forgotPassword(body: { email: string }, options?: CallOptions): Promise<ApiAnswer<true>> {
  return callJson(API_PATHS.forgotPassword, body, noBody, options);
}

/** POST /api/auth/reset-password `{ email, code, newPassword }`: 200; 400 `invalid_code`. */
export function resetPassword(body: { email: string; code: string; newPassword: string }, options?: CallOptions): Promise<ApiAnswer<true>> {
  return callJson(API_PATHS.resetPassword, body, noBody, options);
}

/** POST /api/auth/change-password: 200 `{ message }` (spec §5); 401 'No active user'. */
export function changePassword(body: { previousPassword: string; proposedPassword: string }, options?: CallOptions): Promise<ApiAnswer<{ message: string }>> {
  return callJson(API_PATHS.changePassword, body, withMessage, options);
}

/** POST /api/auth/profile `{ displayName }`: 200 `{ message, user }` (spec §5); 401 'No active user'. */
export function updateProfile(body: { displayName: string }, options?: CallOptions): Promise<ApiAnswer<{ message: string; user: SessionUser }>> {
  return callJson(
    API_PATHS.profile,
    body,
    (json) => {
      const message = withMessage(json);
      const user = readUserBody(json);
      return message && user ? { ...message, user } : null;
    },
    options,
  );
}

/** The entitlement record of spec §7 (`data.attributes`), unchecked against the current user. */
export interface EntitlementRecord {
  userID: string;
  entitlements: string[];
  stripeCustomerID: string | null;
}

/**
 * GET /api/users/entitlements/{userID}: 200 `{ data: { attributes } }`; 404 when the user has no
 * record (spec §8 'You have no subscriptions'); 403 for another user; 401 when signed out. The
 * caller accepts the record only for the current user (spec §5).
 */
export function getEntitlements(userID: string, options?: CallOptions): Promise<ApiAnswer<EntitlementRecord>> {
  return callJson(
    apiPath(API_PATHS.entitlements, { userId: userID }),
    undefined,
    (json) => {
      const attributes = field(field(json, 'data'), 'attributes');
      const id = field(attributes, 'userID');
      const entitlements = field(attributes, 'entitlements');
      const customer = field(attributes, 'stripeCustomerID') ?? null;
      if (typeof id !== 'string' || !Array.isArray(entitlements) || !entitlements.every((e) => typeof e === 'string')) return null;
      if (customer !== null && typeof customer !== 'string') return null;
      return { userID: id, entitlements: entitlements as string[], stripeCustomerID: customer };
    },
    options,
  );
}

/**
 * Leaves for an allow-listed partner address through POST /api/auth/return-token: a form the
 * browser submits as a top-level navigation, answered with a redirect that carries the identity
 * token (accounts contract "Return address"). Page script never sees the answer or the token.
 */
export function goWithReturnToken(returnTo: string): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = API_PATHS.returnToken;
  form.hidden = true;
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'returnTo';
  input.value = returnTo;
  form.append(input);
  document.body.append(form);
  form.submit();
}

/** The hosted sign-in providers (spec §7 Sign-in) with the labels the sign-in forms show. */
export const HOSTED_SIGN_IN = [
  { provider: 'Google', label: 'Continue with Google' },
  { provider: 'Facebook', label: 'Continue with Facebook' },
  { provider: 'SignInWithApple', label: 'Sign in with Apple' },
] as const;

/** A provider of {@link HOSTED_SIGN_IN}. */
export type HostedSignInProvider = (typeof HOSTED_SIGN_IN)[number]['provider'];

/**
 * The link that starts a hosted sign-in (GET /api/auth/authorize): the API redirects to the hosted
 * domain and, after the callback, back to `returnTo` (a site path) with `?loginSuccess=true`.
 */
export function authorizeHref(provider: HostedSignInProvider, returnTo: string): string {
  return `${API_PATHS.authorize}?${new URLSearchParams({ provider, returnTo }).toString()}`;
}
