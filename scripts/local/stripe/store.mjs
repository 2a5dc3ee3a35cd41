// @ts-check
/**
 * State of the local Stripe stand-in: every object in Stripe's shape, kept in
 * memory and persisted as JSON at `<stateDir>/stripe/state.json` (written shortly after each change
 * and on stop), seeded from the package catalogue (./catalogue.mjs), plus the stand-in's clock.
 *
 * `createStore({ stateDir, catalogue })` → Store. Objects are plain JSON; references between them
 * are ids (expanded on the way out, ./expand.mjs). The clock is the wall clock plus an offset the
 * control API advances (`now()` in ms, `nowSeconds()` for Stripe's unix-second fields).
 * `StripeApiError` is the error every operation throws: HTTP status and Stripe's error fields.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The API version events carry: the installed SDK's (stripe v23). */
export const API_VERSION = '2026-10-28.endive';

/**
 * An error in Stripe's shape: `{ error: { type, code, message, param } }` with an HTTP status.
 */
export class StripeApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {{ type?: string, code?: string, param?: string, declineCode?: string }} [fields]
   */
  constructor(status, message, fields = {}) {
    super(message);
    this.status = status;
    this.type = fields.type ?? 'invalid_request_error';
    this.code = fields.code;
    this.param = fields.param;
  }

  /** The JSON body Stripe answers with. */
  toJSON() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

/** Collections by name; every object is `{ id, object, created, livemode, … }`. */
export const COLLECTIONS = /** @type {const} */ ([
  'customers',
  'products',
  'prices',
  'coupons',
  'promotion_codes',
  'checkout_sessions',
  'portal_sessions',
  'subscriptions',
  'invoices',
  'payment_intents',
  'charges',
  'refunds',
  'events',
]);

/** @typedef {typeof COLLECTIONS[number]} CollectionName */
/** @typedef {Record<string, any>} StripeObject a Stripe API object (plain JSON) */

/** Id prefix → collection, for lookups of any id (expansion). Coupons have free-form ids. */
const PREFIXES = /** @type {Record<string, CollectionName>} */ ({
  cus: 'customers',
  prod: 'products',
  price: 'prices',
  promo: 'promotion_codes',
  cs: 'checkout_sessions',
  bps: 'portal_sessions',
  sub: 'subscriptions',
  in: 'invoices',
  pi: 'payment_intents',
  ch: 'charges',
  re: 'refunds',
  evt: 'events',
});

/**
 * @typedef {object} PersistedState
 * @property {number} version
 * @property {number} clockOffsetMs
 * @property {Record<CollectionName, Record<string, StripeObject>>} objects
 * @property {Record<string, StripeObject[]>} lineItems checkout session id → its line items
 * @property {Record<string, { fingerprint: string, status: number, body: string, at: number }>} idempotency
 */

/** A Stripe-looking random id: prefix, underscore, 24 letters and digits. @param {string} prefix */
export function newId(prefix) {
  let body = '';
  while (body.length < 24)
    body += randomBytes(24)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '');
  return `${prefix}_${body.slice(0, 24)}`;
}

/** @returns {PersistedState} */
function emptyState() {
  return {
    version: 1,
    clockOffsetMs: 0,
    objects: /** @type {PersistedState['objects']} */ (Object.fromEntries(COLLECTIONS.map((name) => [name, {}]))),
    lineItems: {},
    idempotency: {},
  };
}

/**
 * @typedef {object} Store
 * @property {PersistedState} state
 * @property {() => number} now the stand-in's clock in ms
 * @property {() => number} nowSeconds
 * @property {(seconds: number) => void} advance moves the clock on
 * @property {(name: CollectionName, id: string) => StripeObject | undefined} get
 * @property {(name: CollectionName, object: StripeObject) => StripeObject} put stores (and returns) the object
 * @property {(name: CollectionName) => StripeObject[]} all newest first
 * @property {(id: string) => StripeObject | undefined} lookup any object by id (prefix)
 * @property {() => void} changed schedule a write
 * @property {() => void} flush write now (if changed)
 * @property {() => void} reset back to the seed
 * @property {string | undefined} file
 */

/**
 * @param {{ stateDir?: string, seed: (store: Store) => void }} options `seed` adds the catalogue
 *   (called on a fresh state and again on load, so catalogue changes show up)
 * @returns {Store}
 */
export function createStore({ stateDir, seed }) {
  const file = stateDir ? path.join(stateDir, 'stripe', 'state.json') : undefined;
  /** @type {PersistedState} */
  let state = emptyState();
  if (file) {
    try {
      const loaded = JSON.parse(readFileSync(file, 'utf8'));
      if (loaded && loaded.version === 1) state = { ...emptyState(), ...loaded, objects: { ...emptyState().objects, ...loaded.objects } };
    } catch {
      // missing or unreadable: start from the seed
    }
  }
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let dirty = false;
  /** Creation order, so lists of objects created in the same second stay newest first. */
  let sequence = 0;
  const order = new Map();

  /** @type {Store} */
  const store = {
    get state() {
      return state;
    },
    file,
    now: () => Date.now() + state.clockOffsetMs,
    nowSeconds: () => Math.floor(store.now() / 1000),
    advance(seconds) {
      state.clockOffsetMs += Math.round(seconds * 1000);
      store.changed();
    },
    get: (name, id) => (Object.hasOwn(state.objects[name], id) ? state.objects[name][id] : undefined),
    put(name, object) {
      if (!order.has(object.id)) order.set(object.id, sequence++);
      state.objects[name][object.id] = object;
      store.changed();
      return object;
    },
    all: (name) => Object.values(state.objects[name]).sort((a, b) => b.created - a.created || (order.get(b.id) ?? 0) - (order.get(a.id) ?? 0)),
    lookup(id) {
      const prefix = id.split('_')[0] ?? '';
      const collection = PREFIXES[prefix];
      return collection ? store.get(collection, id) : store.get('coupons', id);
    },
    changed() {
      dirty = true;
      if (!file || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        store.flush();
      }, 50);
      timer.unref?.();
    },
    flush() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!file || !dirty) return;
      dirty = false;
      mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(state));
      renameSync(temporary, file);
    },
    reset() {
      state = emptyState();
      order.clear();
      seed(store);
      store.changed();
    },
  };
  for (const name of COLLECTIONS) for (const object of Object.values(state.objects[name])) order.set(object.id, sequence++);
  seed(store);
  store.changed();
  return store;
}
