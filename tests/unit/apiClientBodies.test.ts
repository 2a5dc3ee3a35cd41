/**
 * How the browser's API clients read a success whose body does not come through
 * (src/platform/client.ts readAnswerJson): a body cut off after the headers (the page reloading
 * during the login check, a dropped connection) is a network failure, status 0, in every client;
 * a body that is not JSON is the API's own unexpected answer. For the login check that is the
 * difference between keeping and forgetting a signed-in browser's marker (src/accounts/rules/loginCheck
 * provesSignedOut); for the player, between a connect failure and a refusal.
 */
import { describe, expect, it } from 'vitest';
import { provesSignedOut } from '../../src/accounts/rules/loginCheck';
import { getAuthenticated } from '../../src/accounts/browser/accountsClient';
import { readAnswerJson } from '../../src/platform/client';
import { createCheckout } from '../../src/payments/browser/paymentsClient';
import { checkSession, heartbeat } from '../../src/streaming/browser/streamingClient';

/** A 200 whose body stream fails after the headers arrived, as when the page is left mid-answer. */
const cutOff = async (): Promise<Response> =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":'));
        controller.error(new TypeError('network error'));
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
const notJson = async (): Promise<Response> => new Response('<html>', { status: 200 });

describe('readAnswerJson', () => {
  it('reads JSON, gives null for a body that is not JSON, and nothing for a body cut off', async () => {
    expect(await readAnswerJson(new Response('{"a":1}'))).toEqual({ json: { a: 1 } });
    expect(await readAnswerJson(await notJson())).toEqual({ json: null });
    expect(await readAnswerJson(await cutOff())).toBeUndefined();
  });
});

describe('a success whose body is cut off is a network failure in every client', () => {
  it('the login check: status 0, which keeps the signed-in marker', async () => {
    const answer = await getAuthenticated({ fetch: cutOff });
    expect(answer).toMatchObject({ ok: false, status: 0, code: 'network_error' });
    expect(provesSignedOut(answer.status)).toBe(false);
  });
  it('the player: session check and heartbeat', async () => {
    expect(await checkSession({ videoID: 'v', mediaType: 'OnDemand' }, { fetch: cutOff })).toEqual({ ok: false, status: 0, code: 'network_error' });
    expect(await heartbeat('lease', { fetch: cutOff })).toEqual({ ok: false, status: 0, code: 'network_error' });
  });
  it('checkout', async () => {
    expect(await createCheckout({ packageId: 'p', priceId: 'q' }, { fetch: cutOff })).toMatchObject({ ok: false, status: 0, code: 'network_error' });
  });
});

describe('a success whose body is not JSON is the API answering in an unexpected shape', () => {
  it('the login check: proves the browser signed out', async () => {
    const answer = await getAuthenticated({ fetch: notJson });
    expect(answer).toMatchObject({ ok: false, status: 200, code: 'invalid_response' });
    expect(provesSignedOut(answer.status)).toBe(true);
  });
  it('the player and checkout', async () => {
    expect(await checkSession({ videoID: 'v', mediaType: 'OnDemand' }, { fetch: notJson })).toEqual({ ok: false, status: 200, code: 'invalid_response' });
    expect(await createCheckout({ packageId: 'p', priceId: 'q' }, { fetch: notJson })).toMatchObject({ ok: false, status: 200, code: 'invalid_response' });
  });
});
