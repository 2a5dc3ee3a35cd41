/**
 * How the accounts client (src/platform/accountsClient.ts) reads a success whose body does not
 * come through: a body cut off (the page reloading during the login check) is a network failure
 * (status 0, which keeps this browser's signed-in marker: src/lib/loginCheck provesSignedOut),
 * while a body that is not JSON is the API's own unexpected answer.
 */
import { describe, expect, it } from 'vitest';
import { getAuthenticated } from '../../src/platform/accountsClient';
import { provesSignedOut } from '../../src/lib/loginCheck';

/** A 200 whose body stream fails after the headers arrived, as when the page is left mid-answer. */
const cutOff = async (): Promise<Response> =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"user":'));
        controller.error(new TypeError('network error'));
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

describe('accounts client: a success whose body does not come through', () => {
  it('is a network failure when the body is cut off, and does not prove the browser signed out', async () => {
    const answer = await getAuthenticated({ fetch: cutOff });
    expect(answer).toMatchObject({ ok: false, status: 0, code: 'network_error' });
    expect(provesSignedOut(answer.status)).toBe(false);
  });
  it('is an unexpected answer when the body is not JSON', async () => {
    const answer = await getAuthenticated({ fetch: async () => new Response('<html>', { status: 200 }) });
    expect(answer).toMatchObject({ ok: false, status: 200, code: 'invalid_response' });
    expect(provesSignedOut(answer.status)).toBe(true);
  });
});
