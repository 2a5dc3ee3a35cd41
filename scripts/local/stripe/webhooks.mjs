// @ts-check
/**
 * Webhook delivery of the local Stripe stand-in (docs/stripe-local.md "Webhooks"): each event is
 * POSTed with a `Stripe-Signature` that `stripe.webhooks.constructEvent` verifies, signed afresh per
 * attempt; a non-2xx, a redirect or a network error is retried on a compressed backoff schedule.
 * Modes (`setMode`), for the next `count` events or until changed: `deliver` (after `delayMs`,
 * `repeat` copies, `concurrent` or in turn), `drop`, `hold` (until `flush()`, optionally reversed).
 * `deliveries()` lists every attempt; `settle(timeoutMs)` waits until nothing is sending or
 * waiting for a retry.
 */
import { createHmac } from 'node:crypto';

/** The compressed retry schedule: waits in ms between attempts. */
export const DEFAULT_RETRY_SCHEDULE_MS = [1000, 2000, 4000, 8000, 16000];

/**
 * @typedef {object} WebhookMode
 * @property {'deliver' | 'drop' | 'hold'} mode
 * @property {number} repeat copies of each event (1–50)
 * @property {boolean} concurrent send the copies at the same moment
 * @property {boolean} reverse flush held events newest first
 * @property {number} delayMs wait before the first attempt
 * @property {number | null} count applies to this many more events, then the previous mode returns
 */

/**
 * @typedef {object} Delivery
 * @property {string} eventId
 * @property {string} type
 * @property {number} attempt 1 for the first try; 0 for dropped or held
 * @property {number} copy which copy of a repeated event (0 first)
 * @property {number | null} status the endpoint's HTTP status, null on a network error
 * @property {'delivered' | 'failed' | 'dropped' | 'held' | 'no_endpoint'} outcome
 * @property {string | null} error
 * @property {number} at wall-clock ms
 */

/**
 * Stripe's signature header for a payload.
 * @param {string} payload the exact body
 * @param {string} secret the whsec_… secret
 * @param {number} [timestamp] unix seconds, default now
 */
export function signatureHeader(payload, secret, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** @type {WebhookMode} */
const DEFAULT_MODE = { mode: 'deliver', repeat: 1, concurrent: false, reverse: false, delayMs: 0, count: null };

/**
 * @param {{ secret: string, url?: string, retryScheduleMs?: number[], quiet?: boolean }} options
 */
export function createWebhookSender(options) {
  let endpoint = options.url;
  let schedule = [...(options.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS)];
  /** @type {WebhookMode} */
  let standing = { ...DEFAULT_MODE };
  /** @type {WebhookMode | null} a mode for the next `count` events */
  let temporary = null;
  /** @type {{ event: Record<string, any>, mode: WebhookMode }[]} */
  let held = [];
  /** @type {Delivery[]} */
  const log = [];
  let busy = 0;
  /** @type {Set<ReturnType<typeof setTimeout>>} */
  const timers = new Set();
  let stopped = false;

  /** @param {Omit<Delivery, 'at'>} entry */
  const record = (entry) => {
    log.push({ ...entry, at: Date.now() });
    if (log.length > 5000) log.shift();
  };

  /** @param {number} ms */
  const sleep = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(undefined);
      }, ms);
      timers.add(timer);
    });

  /** The mode for the next event (uses up one of a temporary mode's count). */
  const nextMode = () => {
    if (temporary && (temporary.count ?? 0) > 0) {
      const mode = temporary;
      temporary = { ...temporary, count: (temporary.count ?? 1) - 1 };
      if ((temporary.count ?? 0) <= 0) temporary = null;
      return mode;
    }
    return standing;
  };

  /**
   * One attempt; true when the endpoint answered 2xx.
   * @param {Record<string, any>} event
   * @param {number} attempt
   * @param {number} copy
   */
  const attemptOnce = async (event, attempt, copy) => {
    if (!endpoint) {
      record({ eventId: event.id, type: event.type, attempt, copy, status: null, outcome: 'no_endpoint', error: 'no webhook endpoint' });
      return true;
    }
    const payload = JSON.stringify(event, null, 2);
    /** @type {number | null} */
    let status = null;
    /** @type {string | null} */
    let error = null;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(payload, options.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const ok = status !== null && status >= 200 && status < 300;
    record({ eventId: event.id, type: event.type, attempt, copy, status, outcome: ok ? 'delivered' : 'failed', error });
    if (!ok && !options.quiet) process.stderr.write(`[stripe] webhook ${event.type} ${event.id} attempt ${attempt}: ${status ?? error}\n`);
    return ok;
  };

  /**
   * The first attempt (awaited), then retries in the background.
   * @param {Record<string, any>} event
   * @param {number} copy
   */
  const sendCopy = async (event, copy) => {
    if (stopped) return;
    busy++;
    try {
      if (await attemptOnce(event, 1, copy)) return;
      busy++;
      void (async () => {
        try {
          for (let attempt = 2; attempt <= schedule.length + 1 && !stopped; attempt++) {
            await sleep(schedule[attempt - 2] ?? 0);
            if (stopped || (await attemptOnce(event, attempt, copy))) return;
          }
        } finally {
          busy--;
        }
      })();
    } finally {
      busy--;
    }
  };

  /**
   * @param {Record<string, any>} event
   * @param {WebhookMode} mode
   */
  const dispatch = async (event, mode) => {
    busy++;
    try {
      if (mode.delayMs > 0) await sleep(mode.delayMs);
      const copies = Array.from({ length: mode.repeat }, (_, copy) => copy);
      if (mode.concurrent) await Promise.all(copies.map((copy) => sendCopy(event, copy)));
      else for (const copy of copies) await sendCopy(event, copy);
    } finally {
      busy--;
    }
  };

  /** A chain so that events are sent in the order they happened. */
  let chain = Promise.resolve();

  return {
    /**
     * Sends (or drops, or holds) an event according to the current mode.
     * @param {Record<string, any>} event
     */
    send(event) {
      const mode = nextMode();
      if (mode.mode === 'drop') {
        record({ eventId: event.id, type: event.type, attempt: 0, copy: 0, status: null, outcome: 'dropped', error: null });
        return;
      }
      if (mode.mode === 'hold') {
        held.push({ event, mode });
        record({ eventId: event.id, type: event.type, attempt: 0, copy: 0, status: null, outcome: 'held', error: null });
        return;
      }
      busy++;
      chain = chain.then(async () => {
        busy--;
        // A delayed event does not hold back the ones after it.
        if (mode.delayMs > 0) void dispatch(event, mode);
        else await dispatch(event, mode);
      });
    },
    /**
     * Sends every held event; resolves once each has had its first attempt.
     * @param {{ reverse?: boolean }} [flushOptions]
     * @returns {Promise<number>} how many events were flushed
     */
    async flush(flushOptions = {}) {
      const taken = held;
      held = [];
      const reverse = flushOptions.reverse ?? taken.some((entry) => entry.mode.reverse);
      if (reverse) taken.reverse();
      for (const { event, mode } of taken) await dispatch(event, { ...mode, mode: 'deliver', delayMs: 0 });
      return taken.length;
    },
    /**
     * @param {Partial<WebhookMode>} change
     * @returns {WebhookMode} the mode now in force
     */
    setMode(change) {
      const mode = { ...DEFAULT_MODE, ...change };
      mode.repeat = Math.min(50, Math.max(1, Math.floor(mode.repeat)));
      mode.delayMs = Math.max(0, mode.delayMs);
      if (mode.count !== null && mode.count > 0) temporary = mode;
      else {
        standing = { ...mode, count: null };
        temporary = null;
      }
      return temporary ?? standing;
    },
    /** @returns {{ standing: WebhookMode, temporary: WebhookMode | null }} */
    mode: () => ({ standing, temporary }),
    /** @param {string | undefined} url */
    setEndpoint(url) {
      endpoint = url;
    },
    endpoint: () => endpoint,
    /** @param {number[]} scheduleMs waits between attempts (attempts = length + 1) */
    setRetrySchedule(scheduleMs) {
      schedule = [...scheduleMs];
    },
    retrySchedule: () => [...schedule],
    /** @returns {Delivery[]} */
    deliveries: () => [...log],
    clearDeliveries() {
      log.length = 0;
    },
    held: () => held.map((entry) => entry.event.id),
    /**
     * Waits until nothing is in flight or scheduled for a retry.
     * @param {number} [timeoutMs]
     * @returns {Promise<boolean>} true when idle
     */
    async settle(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (busy > 0) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return true;
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** @typedef {ReturnType<typeof createWebhookSender>} WebhookSender */
