// @ts-check
/**
 * A small client of the local Stripe stand-in's control API (`/_terrace/…`, ./app.mjs), for tests
 * and benchmarks: pay, decline or cancel a checkout session without a browser, cancel from the
 * portal, steer webhooks (modes, flush, delivery log, settle, endpoint, retry schedule), advance
 * the clock, resend an event, reset to the seed.
 *
 * `createStripeControl(baseUrl)` → StripeControl. Every method rejects with an Error carrying
 * Stripe's error message when the stand-in refuses.
 */

/**
 * @typedef {object} WebhookModeChange
 * @property {'deliver' | 'drop' | 'hold'} [mode] default 'deliver'
 * @property {number} [repeat] copies of each event, 1–50 (default 1)
 * @property {boolean} [concurrent] send the copies at the same moment
 * @property {boolean} [reverse] (hold) flush newest first
 * @property {number} [delayMs] wait before the first attempt
 * @property {number} [count] only for the next `count` events, then the standing mode returns
 */

/**
 * @typedef {import('./webhooks.mjs').Delivery} Delivery
 */

/**
 * @param {string} baseUrl the stand-in's URL
 */
export function createStripeControl(baseUrl) {
  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<any>}
   */
  const call = async (method, path, body) => {
    const response = await fetch(`${baseUrl}/_terrace${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw Object.assign(new Error(answer?.error?.message ?? `HTTP ${response.status}`), { status: response.status, body: answer });
    return answer;
  };
  const id = encodeURIComponent;
  return {
    /**
     * Pays an open checkout session as the Pay button does.
     * @param {string} sessionId
     * @param {{ email?: string, name?: string }} [details] the payer's e-mail when the session has none
     * @returns {Promise<{ session: Record<string, any>, redirectUrl: string }>} redirectUrl: success_url with the id filled in
     */
    pay: (sessionId, details = {}) => call('POST', `/checkout/${id(sessionId)}/pay`, details),
    /** @param {string} sessionId @returns {Promise<{ declined: true, message: string }>} the session stays open */
    decline: (sessionId) => call('POST', `/checkout/${id(sessionId)}/decline`, {}),
    /** @param {string} sessionId @returns {Promise<{ redirectUrl: string }>} the cancel_url */
    cancel: (sessionId) => call('POST', `/checkout/${id(sessionId)}/cancel`, {}),
    /**
     * The portal's 'Cancel subscription' (cancel_at_period_end).
     * @param {string} portalSessionId
     * @param {string} [subscriptionId] default the customer's first current subscription
     * @returns {Promise<{ subscription: Record<string, any>, returnUrl: string | null }>}
     */
    portalCancel: (portalSessionId, subscriptionId) => call('POST', `/portal/${id(portalSessionId)}/cancel`, { subscription: subscriptionId }),
    /** @param {WebhookModeChange} mode @returns {Promise<import('./webhooks.mjs').WebhookMode>} */
    setWebhookMode: (mode) => call('POST', '/webhooks/mode', mode),
    /** @returns {Promise<{ standing: import('./webhooks.mjs').WebhookMode, temporary: import('./webhooks.mjs').WebhookMode | null }>} */
    webhookMode: () => call('GET', '/webhooks/mode'),
    /** Sends the held events. @param {{ reverse?: boolean }} [options] @returns {Promise<{ flushed: number }>} */
    flush: (options = {}) => call('POST', '/webhooks/flush', options),
    /** @returns {Promise<string[]>} ids of held events */
    held: async () => (await call('GET', '/webhooks/held')).data,
    /** @returns {Promise<Delivery[]>} every attempt so far, oldest first */
    deliveries: async () => (await call('GET', '/webhooks/deliveries')).data,
    /** @returns {Promise<void>} */
    clearDeliveries: async () => void (await call('DELETE', '/webhooks/deliveries')),
    /** Waits until no webhook is in flight or waiting for a retry. @param {number} [timeoutMs] @returns {Promise<boolean>} */
    settle: async (timeoutMs = 10_000) => (await call('POST', '/webhooks/settle', { timeoutMs })).idle,
    /** @param {string | null} url @returns {Promise<{ url: string | null }>} */
    setWebhookUrl: (url) => call('POST', '/webhooks/endpoint', { url }),
    /** @param {number[]} scheduleMs waits between attempts @returns {Promise<{ scheduleMs: number[] }>} */
    setRetrySchedule: (scheduleMs) => call('POST', '/webhooks/retry-schedule', { scheduleMs }),
    /** Sends an event again (same id and payload). @param {string} eventId @returns {Promise<Record<string, any>>} */
    resendEvent: (eventId) => call('POST', `/events/${id(eventId)}/resend`, {}),
    /**
     * Moves the clock on: sessions expire, subscriptions renew or end.
     * @param {number} seconds
     * @param {{ failRenewals?: boolean }} [options] renewals fail (past_due, invoice.payment_failed)
     * @returns {Promise<{ now: number }>} the stand-in's time in unix seconds
     */
    advanceClock: (seconds, options = {}) => call('POST', '/clock/advance', { seconds, ...options }),
    /** @returns {Promise<{ now: number, offsetSeconds: number }>} */
    clock: () => call('GET', '/clock'),
    /** Back to the seed: all customers, sessions, subscriptions and events forgotten. @returns {Promise<void>} */
    reset: async () => void (await call('POST', '/reset', {})),
  };
}

/** @typedef {ReturnType<typeof createStripeControl>} StripeControl */
