// @ts-check
/**
 * HTTP face of the local Stripe stand-in, a Hono app (docs/stripe-local.md):
 * - `/v1/…` the REST endpoints our `stripe` SDK calls, as Stripe speaks them: `qs` form bodies,
 *   Bearer key, Stripe's errors, `Idempotency-Key` replays (other body → 400 idempotency_error),
 *   `expand[]`, unknown parameters refused;
 * - `/pay/{sessionId}` the test checkout page and `/portal/{portalSessionId}` the billing portal;
 * - `/_terrace/…` the control API (JSON, loopback only), used through ./control.mjs.
 */
import { Hono } from 'hono';
import qs from 'qs';
import { StripeApiError, newId } from './store.mjs';
import { noSuch } from './engine.mjs';
import { checkoutPage, closedCheckoutPage, portalPage, PAGE_HEADERS } from './pages.mjs';

/** Idempotency keys are kept for 24 hours, as Stripe does. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Largest request body read, in bytes. */
const MAX_BODY = 256 * 1024;

/**
 * Parses a form-encoded string the way Stripe reads its requests.
 * @param {string} text
 * @returns {Record<string, any>}
 */
export function parseForm(text) {
  return qs.parse(text, { depth: 8, arrayLimit: 100, parameterLimit: 2000, allowPrototypes: false });
}

/**
 * Refuses parameters an endpoint does not know, like Stripe.
 * @param {Record<string, any>} params
 * @param {string[]} allowed
 */
function allowOnly(params, allowed) {
  for (const name of Object.keys(params)) {
    if (name !== 'expand' && !allowed.includes(name))
      throw new StripeApiError(400, `Received unknown parameter: ${name}`, { code: 'parameter_unknown', param: name });
  }
}

/** The `:id` of a route. @param {import('hono').Context} c */
const idOf = (c) => c.req.param('id') ?? '';

/**
 * The stand-in's Hono app (REST, pages, control API).
 * @param {{ store: import('./store.mjs').Store, engine: import('./engine.mjs').Engine, webhooks: import('./webhooks.mjs').WebhookSender, apiKey: string }} options
 */
export function createStripeApp({ store, engine, webhooks, apiKey }) {
  const app = new Hono();

  /** @param {Record<string, any>} params @returns {string[]} the `expand[]` paths */
  const expandPaths = (params) => (Array.isArray(params.expand) ? params.expand.map(String) : typeof params.expand === 'string' ? [params.expand] : []);

  /**
   * A copy of `object` with the fields `paths` name replaced by the objects they refer to.
   * @param {Record<string, any>} object
   * @param {string[]} paths
   */
  function expand(object, paths) {
    const copy = structuredClone(object);
    if (copy.object === 'checkout.session') {
      delete copy._subscriptionMetadata;
      delete copy._paymentIntentMetadata;
    }
    for (const path of paths) expandAt(copy, path.split('.'), path);
    return copy;
  }

  /**
   * @param {any} target
   * @param {string[]} parts
   * @param {string} path
   */
  function expandAt(target, parts, path) {
    if (Array.isArray(target)) {
      for (const element of target) expandAt(element, parts, path);
      return;
    }
    if (!target || typeof target !== 'object') return;
    const [key, ...rest] = parts;
    if (key === undefined) return;
    if (key === 'line_items' && target.object === 'checkout.session') {
      target.line_items = list(engine.lineItems(target.id), `/v1/checkout/sessions/${target.id}/line_items`, {});
    } else if (!(key in target)) {
      throw new StripeApiError(400, `This property cannot be expanded (${path}).`, { param: 'expand' });
    } else if (typeof target[key] === 'string') {
      const found = store.lookup(target[key]);
      if (!found) throw new StripeApiError(400, `This property cannot be expanded (${path}).`, { param: 'expand' });
      target[key] = expand(found, []);
    }
    if (rest.length > 0) expandAt(target[key], rest, path);
  }

  /**
   * Stripe's list envelope, newest first, with limit / starting_after / ending_before.
   * @param {Record<string, any>[]} items
   * @param {string} url
   * @param {Record<string, any>} params
   */
  function list(items, url, params) {
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw new StripeApiError(400, 'Invalid integer: limit must be between 1 and 100', { param: 'limit' });
    let start = 0;
    if (typeof params.starting_after === 'string') start = items.findIndex((item) => item.id === params.starting_after) + 1;
    let end = items.length;
    if (typeof params.ending_before === 'string') {
      end = Math.max(
        0,
        items.findIndex((item) => item.id === params.ending_before),
      );
      start = Math.max(0, end - limit);
    }
    const page = items.slice(start, Math.min(end, start + limit));
    return { object: 'list', data: page, has_more: start + page.length < end, url };
  }

  /**
   * Reads the request's parameters: query for GET/DELETE, form body for POST.
   * @param {import('hono').Context} c
   */
  async function readParams(c) {
    const query = parseForm(new URL(c.req.url).search.slice(1));
    if (c.req.method !== 'POST') return { params: query, raw: '' };
    const raw = await c.req.text();
    if (raw.length > MAX_BODY) throw new StripeApiError(413, 'Request body too large.');
    return { params: { ...query, ...parseForm(raw) }, raw };
  }

  /** @param {import('hono').Context} c @param {StripeApiError} error @param {string} requestId */
  const errorResponse = (c, error, requestId) => c.json(error.toJSON(), /** @type {any} */ (error.status), { 'Request-Id': requestId });

  /**
   * Registers a /v1 route. The handler runs synchronously after the body is read, so that an
   * idempotency key is checked and its answer stored with nothing in between.
   * @param {'get' | 'post' | 'delete'} method
   * @param {string} path
   * @param {(params: Record<string, any>, c: import('hono').Context, request: { id: string, idempotency_key: string | null }) => Record<string, any>} handler
   * @param {{ expandable?: boolean }} [options]
   */
  function route(method, path, handler, options = { expandable: true }) {
    app[method](path, async (c) => {
      const requestId = newId('req');
      /** @type {Record<string, any>} */
      let params;
      let raw;
      try {
        ({ params, raw } = await readParams(c));
      } catch (error) {
        if (error instanceof StripeApiError) return errorResponse(c, error, requestId);
        throw error;
      }
      const key = method === 'post' ? c.req.header('Idempotency-Key') : undefined;
      const fingerprint = `${c.req.method} ${new URL(c.req.url).pathname} ${raw}`;
      if (key !== undefined) {
        const stored = store.state.idempotency[key];
        if (stored && stored.at + IDEMPOTENCY_TTL_MS > Date.now()) {
          if (stored.fingerprint !== fingerprint) {
            return errorResponse(
              c,
              new StripeApiError(
                400,
                `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                { type: 'idempotency_error' },
              ),
              requestId,
            );
          }
          return c.body(stored.body, /** @type {any} */ (stored.status), {
            'Content-Type': 'application/json',
            'Idempotent-Replayed': 'true',
            'Idempotency-Key': key,
            'Request-Id': requestId,
          });
        }
      }
      try {
        const result = handler(params, c, { id: requestId, idempotency_key: key ?? null });
        const body = JSON.stringify(options.expandable === false ? result : expand(result, expandPaths(params)), null, 2);
        if (key !== undefined) {
          store.state.idempotency[key] = { fingerprint, status: 200, body, at: Date.now() };
          store.changed();
        }
        return c.body(body, 200, { 'Content-Type': 'application/json', 'Request-Id': requestId, ...(key ? { 'Idempotency-Key': key } : {}) });
      } catch (error) {
        if (error instanceof StripeApiError) return errorResponse(c, error, requestId);
        throw error;
      }
    });
  }

  app.onError((error, c) => {
    process.stderr.write(`[stripe] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return c.json({ error: { type: 'api_error', message: 'An unexpected error occurred in the local Stripe stand-in.' } }, 500);
  });

  // ── Authentication ──
  app.use('/v1/*', async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const bearer = /^Bearer (\S+)$/.exec(header)?.[1];
    const basic = /^Basic (\S+)$/.exec(header)?.[1];
    const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
    if (!key) {
      return c.json(
        new StripeApiError(
          401,
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        ).toJSON(),
        401,
        { 'WWW-Authenticate': 'Bearer realm="Stripe"' },
      );
    }
    if (key !== apiKey) {
      return c.json(
        new StripeApiError(401, `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`, {
          code: 'api_key_invalid',
        }).toJSON(),
        401,
        {
          'WWW-Authenticate': 'Bearer realm="Stripe"',
        },
      );
    }
    await next();
  });

  /** @param {import('./store.mjs').CollectionName} name @param {string} kind @param {string} id */
  const find = (name, kind, id) => {
    const found = store.get(name, id);
    if (!found || found.deleted) throw noSuch(kind, id);
    return found;
  };

  // ── Checkout sessions ──
  route('post', '/v1/checkout/sessions', (params) => {
    allowOnly(params, [
      'mode',
      'line_items',
      'success_url',
      'cancel_url',
      'customer',
      'customer_email',
      'customer_creation',
      'client_reference_id',
      'metadata',
      'allow_promotion_codes',
      'discounts',
      'expires_at',
      'locale',
      'subscription_data',
      'payment_intent_data',
      'payment_method_types',
      'billing_address_collection',
      'submit_type',
      'ui_mode',
      'currency',
    ]);
    return engine.publicSession(engine.createCheckoutSession(params));
  });
  route('get', '/v1/checkout/sessions', (params) => {
    let sessions = store.all('checkout_sessions');
    for (const field of ['customer', 'subscription', 'payment_intent', 'status']) {
      if (typeof params[field] === 'string') sessions = sessions.filter((session) => session[field] === params[field]);
    }
    return list(sessions.map(engine.publicSession), '/v1/checkout/sessions', params);
  });
  route('get', '/v1/checkout/sessions/:id', (_params, c) => engine.publicSession(engine.openSession(idOf(c))));
  route('post', '/v1/checkout/sessions/:id/expire', (_params, c) => engine.expireCheckoutSession(idOf(c)));
  route('get', '/v1/checkout/sessions/:id/line_items', (params, c) => {
    const id = idOf(c);
    return list(engine.lineItems(id), `/v1/checkout/sessions/${id}/line_items`, params);
  });

  // ── Billing portal ──
  route('post', '/v1/billing_portal/sessions', (params) => {
    allowOnly(params, ['customer', 'return_url', 'configuration', 'locale', 'flow_data']);
    if (typeof params.customer !== 'string')
      throw new StripeApiError(400, 'Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    if (params.return_url !== undefined && !URL.canParse(String(params.return_url)))
      throw new StripeApiError(400, 'Not a valid URL', { code: 'url_invalid', param: 'return_url' });
    return engine.createPortalSession(params.customer, params.return_url ?? null);
  });

  // ── Customers ──
  const customerFields = ['email', 'name', 'metadata', 'description', 'phone'];
  route('post', '/v1/customers', (params) => {
    allowOnly(params, customerFields);
    return engine.createCustomer(params);
  });
  route('get', '/v1/customers', (params) => {
    let customers = store.all('customers').filter((customer) => !customer.deleted);
    if (typeof params.email === 'string') customers = customers.filter((customer) => customer.email === params.email);
    return list(customers, '/v1/customers', params);
  });
  route('get', '/v1/customers/search', (params) => {
    const query = String(params.query ?? '');
    const clauses = [...query.matchAll(/(email|name|metadata\['([^']+)'\])\s*:\s*'([^']*)'/g)];
    if (clauses.length === 0)
      throw new StripeApiError(400, "The local stand-in searches only email:'…', name:'…' and metadata['key']:'…'.", { param: 'query' });
    const matches = store
      .all('customers')
      .filter(
        (customer) =>
          !customer.deleted &&
          clauses.every(([, field, metaKey, value]) => (metaKey ? customer.metadata?.[metaKey] === value : customer[String(field)] === value)),
      );
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    return { object: 'search_result', data: matches.slice(0, limit), has_more: matches.length > limit, next_page: null, url: '/v1/customers/search' };
  });
  route('get', '/v1/customers/:id', (_params, c) => find('customers', 'customer', idOf(c)));
  route('post', '/v1/customers/:id', (params, c) => {
    allowOnly(params, customerFields);
    return engine.updateCustomer(idOf(c), params);
  });

  // ── Subscriptions ──
  route('get', '/v1/subscriptions', (params) => {
    let subscriptions = store.all('subscriptions');
    if (typeof params.customer === 'string') subscriptions = subscriptions.filter((sub) => sub.customer === params.customer);
    if (typeof params.price === 'string')
      subscriptions = subscriptions.filter((sub) => sub.items.data.some((/** @type {any} */ item) => item.price.id === params.price));
    const status = typeof params.status === 'string' ? params.status : undefined;
    if (status === undefined) subscriptions = subscriptions.filter((sub) => sub.status !== 'canceled' && sub.status !== 'incomplete_expired');
    else if (status === 'ended') subscriptions = subscriptions.filter((sub) => sub.status === 'canceled' || sub.status === 'incomplete_expired');
    else if (status !== 'all') subscriptions = subscriptions.filter((sub) => sub.status === status);
    return list(subscriptions, '/v1/subscriptions', params);
  });
  route('get', '/v1/subscriptions/:id', (_params, c) => find('subscriptions', 'subscription', idOf(c)));
  route('post', '/v1/subscriptions/:id', (params, c) => {
    allowOnly(params, ['cancel_at_period_end', 'metadata']);
    return engine.updateSubscription(idOf(c), params);
  });
  route('delete', '/v1/subscriptions/:id', (params, c) => {
    allowOnly(params, ['invoice_now', 'prorate', 'cancellation_details']);
    return engine.cancelSubscription(idOf(c));
  });

  // ── Catalogue ──
  route('get', '/v1/prices', (params) => {
    let prices = store.all('prices');
    if (params.active !== undefined) prices = prices.filter((price) => String(price.active) === String(params.active));
    if (typeof params.product === 'string') prices = prices.filter((price) => price.product === params.product);
    if (typeof params.type === 'string') prices = prices.filter((price) => price.type === params.type);
    return list(prices, '/v1/prices', params);
  });
  route('get', '/v1/prices/:id', (_params, c) => find('prices', 'price', idOf(c)));
  route('get', '/v1/products/:id', (_params, c) => find('products', 'product', idOf(c)));
  route('get', '/v1/promotion_codes', (params) => {
    let codes = store.all('promotion_codes');
    if (typeof params.code === 'string') codes = codes.filter((promo) => promo.code.toLowerCase() === String(params.code).toLowerCase());
    if (params.active !== undefined) codes = codes.filter((promo) => String(promo.active) === String(params.active));
    if (typeof params.coupon === 'string') codes = codes.filter((promo) => promo.promotion.coupon === params.coupon);
    return list(codes, '/v1/promotion_codes', params);
  });
  route('get', '/v1/promotion_codes/:id', (_params, c) => find('promotion_codes', 'promotion code', idOf(c)));
  route('get', '/v1/coupons/:id', (_params, c) => find('coupons', 'coupon', idOf(c)));

  // ── Payments ──
  route('get', '/v1/invoices', (params) => {
    let invoices = store.all('invoices');
    for (const field of ['customer', 'status'])
      if (typeof params[field] === 'string') invoices = invoices.filter((invoice) => invoice[field] === params[field]);
    if (typeof params.subscription === 'string')
      invoices = invoices.filter((invoice) => invoice.parent?.subscription_details?.subscription === params.subscription);
    return list(invoices, '/v1/invoices', params);
  });
  route('get', '/v1/invoices/:id', (_params, c) => find('invoices', 'invoice', idOf(c)));
  route('get', '/v1/payment_intents/:id', (_params, c) => find('payment_intents', 'payment_intent', idOf(c)));
  route('get', '/v1/charges/:id', (_params, c) => find('charges', 'charge', idOf(c)));
  route('post', '/v1/refunds', (params) => {
    allowOnly(params, ['charge', 'payment_intent', 'amount', 'reason', 'metadata']);
    return engine.createRefund(params);
  });
  route('get', '/v1/refunds/:id', (_params, c) => find('refunds', 'refund', idOf(c)));

  // ── Events ──
  route('get', '/v1/events', (params) => {
    let events = store.all('events');
    if (typeof params.type === 'string')
      events = events.filter((event) => event.type === params.type || (params.type.endsWith('.*') && event.type.startsWith(params.type.slice(0, -1))));
    return list(events, '/v1/events', params);
  });
  route('get', '/v1/events/:id', (_params, c) => find('events', 'event', idOf(c)));

  app.all('/v1/*', (c) =>
    c.json(
      new StripeApiError(
        404,
        `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}). The local Stripe stand-in does not speak this endpoint (docs/stripe-local.md).`,
      ).toJSON(),
      404,
    ),
  );

  // ── Checkout page ──
  /** @param {string} id */
  const pageSession = (id) => {
    try {
      return engine.openSession(id);
    } catch {
      return undefined;
    }
  };
  /** @param {Record<string, any>} session */
  const pageData = (session) => {
    const items = engine.lineItems(session.id);
    const customer = session.customer ? store.get('customers', session.customer) : undefined;
    return { session, items, products: items.map((item) => store.get('products', item.price.product)), email: session.customer_email ?? customer?.email ?? '' };
  };

  app.get('/pay/:id', (c) => {
    const session = pageSession(idOf(c));
    if (!session) return c.html(closedCheckoutPage('This checkout session does not exist.'), 404, PAGE_HEADERS);
    if (session.status !== 'open')
      return c.html(
        closedCheckoutPage(session.status === 'complete' ? 'This checkout session has already been paid.' : 'This checkout session has expired.'),
        200,
        PAGE_HEADERS,
      );
    return c.html(checkoutPage(pageData(session)), 200, PAGE_HEADERS);
  });

  app.post('/pay/:id', async (c) => {
    const session = pageSession(idOf(c));
    const form = parseForm(await c.req.text());
    if (!session) return c.html(closedCheckoutPage('This checkout session does not exist.'), 404, PAGE_HEADERS);
    if (session.status !== 'open') return c.html(closedCheckoutPage('This checkout session is no longer open.'), 409, PAGE_HEADERS);
    if (form.action === 'cancel') return c.redirect(session.cancel_url, 303);
    if (form.action === 'decline') return c.html(checkoutPage({ ...pageData(session), problem: 'Your card was declined.' }), 402, PAGE_HEADERS);
    if (form.action !== 'pay') return c.html(checkoutPage({ ...pageData(session), problem: 'Choose Pay, Decline or Cancel.' }), 400, PAGE_HEADERS);
    const email = typeof form.email === 'string' ? form.email.trim() : '';
    if (!session.customer && !session.customer_email && !/^[^@\s]+@[^@\s]+$/.test(email)) {
      return c.html(checkoutPage({ ...pageData(session), problem: 'Enter an e-mail address.' }), 400, PAGE_HEADERS);
    }
    const paid = engine.payCheckoutSession(session.id, {
      email: email || undefined,
      name: typeof form.name === 'string' && form.name.trim() ? form.name.trim() : undefined,
    });
    return c.redirect(paid.success_url.replaceAll('{CHECKOUT_SESSION_ID}', paid.id), 303);
  });

  // ── Billing portal page ──
  /** @param {string} id */
  const portalData = (id) => {
    const portal = store.get('portal_sessions', id);
    if (!portal) return undefined;
    const subscriptions = store
      .all('subscriptions')
      .filter((sub) => sub.customer === portal.customer && sub.status !== 'canceled')
      .map((sub) => ({ subscription: sub, product: store.get('products', sub.items.data[0].price.product) }));
    return { portal, customer: store.get('customers', portal.customer), subscriptions };
  };
  app.get('/portal/:id', (c) => {
    const data = portalData(idOf(c));
    if (!data) return c.html(closedCheckoutPage('This billing portal session does not exist.'), 404, PAGE_HEADERS);
    return c.html(portalPage(data), 200, PAGE_HEADERS);
  });
  app.post('/portal/:id', async (c) => {
    const data = portalData(idOf(c));
    if (!data) return c.html(closedCheckoutPage('This billing portal session does not exist.'), 404, PAGE_HEADERS);
    const form = parseForm(await c.req.text());
    const entry = data.subscriptions.find((candidate) => candidate.subscription.id === form.subscription);
    if (!entry || (form.action !== 'cancel' && form.action !== 'renew'))
      return c.html(portalPage({ ...data, problem: 'Choose a subscription of this customer.' }), 400, PAGE_HEADERS);
    engine.updateSubscription(entry.subscription.id, { cancel_at_period_end: form.action === 'cancel' });
    return c.redirect(`/portal/${data.portal.id}`, 303);
  });

  // ── Control API ──
  /** @param {import('hono').Context} c */
  const jsonBody = async (c) => {
    const text = await c.req.text();
    if (text.trim() === '') return {};
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? parsed : {};
  };
  /**
   * @param {'get' | 'post' | 'delete'} method
   * @param {string} path
   * @param {(body: Record<string, any>, c: import('hono').Context) => unknown} handler
   */
  const control = (method, path, handler) =>
    app[method](`/_terrace${path}`, async (c) => {
      try {
        return c.json(/** @type {any} */ (await handler(method === 'get' ? {} : await jsonBody(c), c)));
      } catch (error) {
        if (error instanceof StripeApiError) return c.json(error.toJSON(), /** @type {any} */ (error.status));
        if (error instanceof SyntaxError) return c.json({ error: { type: 'invalid_request_error', message: 'The body must be JSON.' } }, 400);
        throw error;
      }
    });

  control('get', '/health', () => ({ ok: true }));
  control('post', '/checkout/:id/pay', (body, c) => {
    const session = engine.payCheckoutSession(idOf(c), { email: body.email, name: body.name });
    return { session, redirectUrl: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
  });
  control('post', '/checkout/:id/decline', (_body, c) => {
    const session = engine.openSession(idOf(c));
    if (session.status !== 'open') throw new StripeApiError(400, 'This Checkout Session is no longer active.');
    return { declined: true, message: 'Your card was declined.' };
  });
  control('post', '/checkout/:id/cancel', (_body, c) => {
    const session = engine.openSession(idOf(c));
    if (session.status !== 'open') throw new StripeApiError(400, 'This Checkout Session is no longer active.');
    return { redirectUrl: session.cancel_url };
  });
  control('post', '/portal/:id/cancel', (body, c) => {
    const data = portalData(idOf(c));
    if (!data) throw noSuch('billing portal session', idOf(c));
    const entry =
      data.subscriptions.find((candidate) => candidate.subscription.id === body.subscription) ?? (body.subscription ? undefined : data.subscriptions[0]);
    if (!entry) throw new StripeApiError(404, 'No such subscription for this customer.');
    return { subscription: engine.updateSubscription(entry.subscription.id, { cancel_at_period_end: true }), returnUrl: data.portal.return_url };
  });
  control('get', '/webhooks/mode', () => webhooks.mode());
  control('post', '/webhooks/mode', (body) => webhooks.setMode(body));
  control('post', '/webhooks/flush', async (body) => ({ flushed: await webhooks.flush({ reverse: body.reverse }) }));
  control('get', '/webhooks/held', () => ({ data: webhooks.held() }));
  control('get', '/webhooks/deliveries', () => ({ data: webhooks.deliveries() }));
  control('delete', '/webhooks/deliveries', () => {
    webhooks.clearDeliveries();
    return { ok: true };
  });
  control('post', '/webhooks/settle', async (body) => ({ idle: await webhooks.settle(Number(body.timeoutMs ?? 10_000)) }));
  control('post', '/webhooks/endpoint', (body) => {
    if (body.url !== null && (typeof body.url !== 'string' || !URL.canParse(body.url)))
      throw new StripeApiError(400, 'url must be a URL or null', { param: 'url' });
    webhooks.setEndpoint(body.url ?? undefined);
    return { url: webhooks.endpoint() ?? null };
  });
  control('post', '/webhooks/retry-schedule', (body) => {
    if (!Array.isArray(body.scheduleMs) || body.scheduleMs.some((/** @type {unknown} */ ms) => typeof ms !== 'number' || ms < 0)) {
      throw new StripeApiError(400, 'scheduleMs must be an array of waits in ms', { param: 'scheduleMs' });
    }
    webhooks.setRetrySchedule(body.scheduleMs);
    return { scheduleMs: webhooks.retrySchedule() };
  });
  control('post', '/events/:id/resend', (_body, c) => engine.resend(idOf(c)));
  control('get', '/clock', () => ({ now: store.nowSeconds(), offsetSeconds: Math.round(store.state.clockOffsetMs / 1000) }));
  control('post', '/clock/advance', (body) => engine.advanceClock(Number(body.seconds), { failRenewals: body.failRenewals === true }));
  control('post', '/reset', () => {
    store.reset();
    webhooks.clearDeliveries();
    webhooks.setMode({});
    return { ok: true };
  });

  return app;
}
