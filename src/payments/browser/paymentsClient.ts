/**
 * The typed browser client of the payments routes (contract: ../rules/paymentsContract.ts):
 * createCheckout, createPortalRedirect, fulfilCheckout(sessionId) and voucherCheck, same-origin with
 * the site's cookies. Inputs are checked before sending and answers after; every call resolves to
 * { ok: true, data } or { ok: false, status, code, message } — status 0 for 'invalid_request' (not
 * sent) or 'network_error', else the API envelope's code (e.g. 409 'already_entitled', 503
 * 'checkout_unavailable'); 'invalid_response' for a success of the wrong shape.
 * Loaded only when a supporter clicks (purchase, voucher, manage) or returns from checkout.
 */
import type { z } from '../../lib/zod.ts';
import { API_PATHS, readAnswerJson } from '../../platform/client.ts';
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  fulfilRequestSchema,
  fulfilResponseSchema,
  portalRequestSchema,
  portalResponseSchema,
  voucherCheckRequestSchema,
  voucherCheckResponseSchema,
  type CheckoutCreated,
  type CheckoutRequest,
  type FulfilResult,
  type VoucherAccepted,
} from '../rules/paymentsContract.ts';

export type { CheckoutCreated, CheckoutRequest, FulfilResult, VoucherAccepted } from '../rules/paymentsContract.ts';

/** A refused or failed call: HTTP status (0: not sent) with the API envelope's code and message. */
export interface PaymentsFailure {
  ok: false;
  status: number;
  code: string;
  message: string;
}

/** The outcome of a payments call. */
export type PaymentsAnswer<T> = { ok: true; data: T } | PaymentsFailure;

/** Options of every call; `fetch` is replaceable for tests. */
export interface PaymentsCallOptions {
  fetch?: typeof fetch;
}

/** Reads the API envelope { error: { code, message } } of a failed response, tolerating any body. */
async function failureOf(response: Response): Promise<PaymentsFailure> {
  const json: unknown = await response.json().catch(() => null);
  const error = typeof json === 'object' && json !== null ? (json as { error?: { code?: unknown; message?: unknown } }).error : undefined;
  return {
    ok: false,
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : 'http_error',
    message: typeof error?.message === 'string' ? error.message : `The API answered ${response.status}`,
  };
}

/** Validates `input`, POSTs it as JSON to `path` and checks a success with `answer`'s schema. */
async function call<Req extends z.ZodType, Res extends z.ZodType<{ data: unknown }>>(
  path: string,
  request: Req,
  answer: Res,
  input: unknown,
  options: PaymentsCallOptions,
): Promise<PaymentsAnswer<z.output<Res>['data']>> {
  const body = request.safeParse(input);
  if (!body.success) return { ok: false, status: 0, code: 'invalid_request', message: 'The request was not valid' };
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
      body: JSON.stringify(body.data),
    });
  } catch {
    return { ok: false, status: 0, code: 'network_error', message: 'The request could not be sent' };
  }
  if (!response.ok) return failureOf(response);
  const read = await readAnswerJson(response);
  if (!read) return { ok: false, status: 0, code: 'network_error', message: 'The answer could not be read' };
  const parsed = answer.safeParse(read.json);
  return parsed.success
    ? { ok: true, data: (parsed.data as { data: z.output<Res>['data'] }).data }
    : { ok: false, status: response.status, code: 'invalid_response', message: 'The API answered in an unexpected shape' };
}

/**
 * POST create-checkout (spec §4 Purchase click, §7): the Checkout Session for one price of a
 * package, with a redeemed voucher when given; the browser then goes to `data.url`.
 */
export function createCheckout(input: CheckoutRequest, options: PaymentsCallOptions = {}): Promise<PaymentsAnswer<CheckoutCreated>> {
  return call(API_PATHS.createCheckout, checkoutRequestSchema, checkoutResponseSchema, input, options);
}

/** POST create-portal-redirect (spec §7): Stripe's billing portal URL, coming back to `returnURL` (a site path). */
export function createPortalRedirect(input: { returnURL: string }, options: PaymentsCallOptions = {}): Promise<PaymentsAnswer<{ url: string }>> {
  return call(API_PATHS.createPortalRedirect, portalRequestSchema, portalResponseSchema, input, options);
}

/** POST fulfil: the success page's call of fulfilCheckout(sessionId); an id that is not a cs_… is refused unsent. */
export function fulfilCheckout(sessionId: string, options: PaymentsCallOptions = {}): Promise<PaymentsAnswer<FulfilResult>> {
  return call(API_PATHS.fulfilCheckout, fulfilRequestSchema, fulfilResponseSchema, { sessionId }, options);
}

/** POST vouchers/check (spec §4 Voucher panel): a promotion code accepted, or 422 with the message to show. */
export function voucherCheck(input: { code: string; packageId?: string }, options: PaymentsCallOptions = {}): Promise<PaymentsAnswer<VoucherAccepted>> {
  return call(API_PATHS.voucherCheck, voucherCheckRequestSchema, voucherCheckResponseSchema, input, options);
}
