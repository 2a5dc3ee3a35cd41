/**
 * The payments browser client (src/payments/browser/paymentsClient.ts): paths, bodies and headers it
 * sends, inputs refused before sending, answers read through the contract's zod schemas, and
 * failures as { ok: false, status, code, message } — never a rejection.
 */
import { describe, expect, it, vi } from 'vitest';
import { createCheckout, createPortalRedirect, fulfilCheckout, voucherCheck } from './paymentsClient';

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status }));
const sent = (fetch: ReturnType<typeof answer>) => fetch.mock.calls[0] as unknown as [string, RequestInit];

describe('createCheckout', () => {
  it('posts package, price and voucher as JSON, same-origin, and reads the session', async () => {
    const fetch = answer(200, { data: { id: 'cs_test_1', url: 'http://127.0.0.1:4700/pay/cs_test_1' } });
    const result = await createCheckout({ packageId: 'pkg-a', priceId: 'price_monthly_999', voucher: 'WELCOME10' }, { fetch });
    expect(result).toEqual({ ok: true, data: { id: 'cs_test_1', url: 'http://127.0.0.1:4700/pay/cs_test_1' } });
    const [url, init] = sent(fetch);
    expect(url).toBe('/api/payments/create-checkout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', accept: 'application/json' } });
    expect(JSON.parse(init.body as string)).toEqual({ packageId: 'pkg-a', priceId: 'price_monthly_999', voucher: 'WELCOME10' });
  });

  it("409 already_entitled, 503 and a non-JSON failure keep the envelope's code", async () => {
    expect(await createCheckout({ packageId: 'p', priceId: 'q' }, { fetch: answer(409, { error: { code: 'already_entitled', message: 'm' } }) })).toEqual({
      ok: false,
      status: 409,
      code: 'already_entitled',
      message: 'm',
    });
    const html = vi.fn(async () => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(await createCheckout({ packageId: 'p', priceId: 'q' }, { fetch: html })).toMatchObject({ ok: false, status: 502, code: 'http_error' });
  });

  it('a network error resolves, never rejects', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await createCheckout({ packageId: 'p', priceId: 'q' }, { fetch })).toMatchObject({ ok: false, status: 0, code: 'network_error' });
  });

  it('a success of the wrong shape (no url) is invalid_response', async () => {
    expect(await createCheckout({ packageId: 'p', priceId: 'q' }, { fetch: answer(200, { data: { id: 'cs_1' } }) })).toMatchObject({
      ok: false,
      status: 200,
      code: 'invalid_response',
    });
  });

  it('an invalid voucher or id is refused before anything is sent', async () => {
    const fetch = answer(200, {});
    expect(await createCheckout({ packageId: 'p', priceId: 'q', voucher: 'no spaces!' }, { fetch })).toMatchObject({
      ok: false,
      status: 0,
      code: 'invalid_request',
    });
    expect(await createCheckout({ packageId: '', priceId: 'q' }, { fetch })).toMatchObject({ ok: false, code: 'invalid_request' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('fulfilCheckout', () => {
  it('posts the session id and reads the outcome', async () => {
    const data = { status: 'complete', paid: true, packageId: 'pkg-a', entitlements: ['subscription-video'] };
    const fetch = answer(200, { data });
    expect(await fulfilCheckout('cs_test_abc', { fetch })).toEqual({ ok: true, data });
    expect(sent(fetch)[0]).toBe('/api/payments/fulfil');
    expect(JSON.parse(sent(fetch)[1].body as string)).toEqual({ sessionId: 'cs_test_abc' });
  });
  it('an id that is not a checkout session id is never sent', async () => {
    const fetch = answer(200, {});
    for (const id of ['', 'pi_123', 'cs_<script>', '../x', 'cs_a b']) expect((await fulfilCheckout(id, { fetch })).ok).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('voucherCheck', () => {
  it('reads an accepted code and shows the API message of a refused one', async () => {
    const ok = answer(200, { data: { code: 'WELCOME10', description: '10% off' } });
    expect(await voucherCheck({ code: 'WELCOME10', packageId: 'pkg-a' }, { fetch: ok })).toEqual({
      ok: true,
      data: { code: 'WELCOME10', description: '10% off' },
    });
    expect(sent(ok)[0]).toBe('/api/payments/vouchers/check');
    const expired = answer(422, { error: { code: 'voucher_expired', message: 'This voucher has expired' } });
    expect(await voucherCheck({ code: 'OLD' }, { fetch: expired })).toEqual({
      ok: false,
      status: 422,
      code: 'voucher_expired',
      message: 'This voucher has expired',
    });
  });
});

describe('createPortalRedirect', () => {
  it('posts a site path and reads the portal url; refuses another origin unsent', async () => {
    const fetch = answer(200, { data: { url: 'https://billing.example/session/1' } });
    expect(await createPortalRedirect({ returnURL: '/videos/subscriptions' }, { fetch })).toEqual({
      ok: true,
      data: { url: 'https://billing.example/session/1' },
    });
    expect(sent(fetch)[0]).toBe('/api/payments/create-portal-redirect');
    const never = answer(200, {});
    expect(await createPortalRedirect({ returnURL: '//evil.example/' }, { fetch: never })).toMatchObject({ ok: false, code: 'invalid_request' });
    expect(never).not.toHaveBeenCalled();
  });
});
