// @ts-check
/**
 * What the local Stripe stand-in does, apart from HTTP: creates and changes objects in Stripe's
 * shapes and raises the events Stripe would send, for ./app.mjs. Throws StripeApiError
 * (./store.mjs) for what Stripe would refuse; differences from Stripe: docs/stripe-local.md.
 * `createEngine({ store, webhooks, baseUrl })` → { createCheckoutSession, payCheckoutSession,
 * expireCheckoutSession, lineItems, createPortalSession, createCustomer, updateCustomer,
 * updateSubscription, cancelSubscription, createRefund, advanceClock, emit, resend }.
 */
import { API_VERSION, StripeApiError, newId } from './store.mjs';

/** @import Stripe from 'stripe' */
/**
 * The objects below are checked against the `stripe` SDK's own types (`@satisfies StripeShape<…>`):
 * every field the stand-in sets, at any depth, has Stripe's name and type; fields it leaves out
 * are allowed.
 * @template T
 * @typedef {T extends (infer U)[] ? StripeShape<U>[] : T extends object ? { [K in keyof T]?: StripeShape<T[K]> } : T} StripeShape
 */

/** A checkout session lives 24 hours unless `expires_at` says otherwise. */
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * Adds `count` intervals to a unix-second time, by calendar (UTC), as Stripe's billing does.
 * @param {number} seconds
 * @param {{ interval: string, interval_count: number }} recurring
 * @param {number} [count]
 */
export function addInterval(seconds, recurring, count = 1) {
  const date = new Date(seconds * 1000);
  const n = recurring.interval_count * count;
  if (recurring.interval === 'day') date.setUTCDate(date.getUTCDate() + n);
  else if (recurring.interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * n);
  else if (recurring.interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + n);
  else date.setUTCMonth(date.getUTCMonth() + n);
  return Math.floor(date.getTime() / 1000);
}

/** @param {string} kind @param {string} id */
export const noSuch = (kind, id, param = 'id') => new StripeApiError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

/** @param {unknown} value */
const asBool = (value) => value === true || value === 'true';

/**
 * Stripe's metadata update: keys set to '' are removed.
 * @param {Record<string, string>} current
 * @param {unknown} update
 */
function mergeMetadata(current, update) {
  if (update === undefined || update === '') return update === '' ? {} : current;
  if (typeof update !== 'object' || update === null || Array.isArray(update)) throw new StripeApiError(400, 'Invalid object', { param: 'metadata' });
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = String(value);
  }
  if (Object.keys(merged).length > 50) throw new StripeApiError(400, 'Metadata can have at most 50 keys.', { param: 'metadata' });
  return merged;
}

/**
 * @param {{ store: import('./store.mjs').Store, webhooks: import('./webhooks.mjs').WebhookSender, baseUrl: string }} options
 */
export function createEngine({ store, webhooks, baseUrl }) {
  const base = () => ({ created: store.nowSeconds(), livemode: false });

  /**
   * Records an event and hands it to the webhook sender.
   * @param {Stripe.Event.Type} type
   * @param {Record<string, any>} object the object as it is now (copied)
   * @param {{ previous?: Record<string, any>, request?: { id: string | null, idempotency_key: string | null } | null }} [extra]
   */
  function emit(type, object, extra = {}) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: store.nowSeconds(),
      data: { object: structuredClone(object), ...(extra.previous ? { previous_attributes: extra.previous } : {}) },
      livemode: false,
      pending_webhooks: webhooks.endpoint() ? 1 : 0,
      request: extra.request ?? { id: null, idempotency_key: null },
      type,
    };
    store.put('events', event);
    webhooks.send(event);
    return event;
  }

  /** @param {string} id */
  const price = (id, param = 'price') => {
    const found = store.get('prices', id);
    if (!found) throw noSuch('price', id, param);
    return found;
  };

  /** @param {string} id */
  const customer = (id, param = 'customer') => {
    const found = store.get('customers', id);
    if (!found || found.deleted) throw noSuch('customer', id, param);
    return found;
  };

  /**
   * The promotion code or coupon a `discounts[]` entry names, checked as Stripe would.
   * @param {Record<string, any>} discount
   * @param {number} index
   */
  function resolveDiscount(discount, index) {
    const now = store.nowSeconds();
    if (typeof discount.promotion_code === 'string') {
      const param = `discounts[${index}][promotion_code]`;
      const promo = store.get('promotion_codes', discount.promotion_code);
      if (!promo) throw noSuch('promotion code', discount.promotion_code, param);
      if (!promo.active) throw new StripeApiError(400, `This promotion code is inactive: '${promo.code}'`, { param });
      if (promo.expires_at !== null && promo.expires_at <= now) throw new StripeApiError(400, `This promotion code has expired: '${promo.code}'`, { param });
      if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) {
        throw new StripeApiError(400, `This promotion code has reached its maximum number of redemptions: '${promo.code}'`, { param });
      }
      const coupon = store.get('coupons', promo.promotion.coupon);
      if (!coupon || !coupon.valid) throw new StripeApiError(400, `This promotion code's coupon is no longer valid: '${promo.code}'`, { param });
      return { coupon: coupon.id, promotion_code: promo.id };
    }
    if (typeof discount.coupon === 'string') {
      const param = `discounts[${index}][coupon]`;
      const coupon = store.get('coupons', discount.coupon);
      if (!coupon) throw noSuch('coupon', discount.coupon, param);
      if (!coupon.valid) throw new StripeApiError(400, `Coupon expired: ${coupon.id}`, { param });
      return { coupon: coupon.id, promotion_code: null };
    }
    throw new StripeApiError(400, 'You must specify either `coupon` or `promotion_code` in each discount.', { param: `discounts[${index}]` });
  }

  /**
   * @param {string} couponId
   * @param {number} subtotal
   */
  const discountAmount = (couponId, subtotal) => {
    const coupon = store.get('coupons', couponId);
    if (!coupon) return 0;
    if (coupon.percent_off) return Math.round((subtotal * coupon.percent_off) / 100);
    return Math.min(subtotal, coupon.amount_off ?? 0);
  };

  /**
   * POST /v1/checkout/sessions.
   * @param {Record<string, any>} params
   */
  function createCheckoutSession(params) {
    const mode = params.mode;
    if (mode === undefined) throw new StripeApiError(400, 'Missing required param: mode.', { code: 'parameter_missing', param: 'mode' });
    if (mode !== 'payment' && mode !== 'subscription') {
      throw new StripeApiError(
        400,
        mode === 'setup' ? 'The local stand-in does not support setup mode.' : 'Invalid mode: must be one of payment, setup, or subscription',
        { code: 'parameter_invalid_string', param: 'mode' },
      );
    }
    if (params.discounts !== undefined && params.discounts !== '' && params.allow_promotion_codes !== undefined) {
      throw new StripeApiError(400, 'You may only specify one of these parameters: allow_promotion_codes, discounts.', { param: 'allow_promotion_codes' });
    }
    if (params.customer !== undefined && params.customer_email !== undefined) {
      throw new StripeApiError(400, 'You may only specify one of these parameters: customer, customer_email.', { param: 'customer' });
    }
    if (typeof params.success_url !== 'string' || params.success_url === '') {
      throw new StripeApiError(400, 'Missing required param: success_url.', { code: 'parameter_missing', param: 'success_url' });
    }
    if (typeof params.cancel_url !== 'string' || params.cancel_url === '') {
      throw new StripeApiError(400, 'Missing required param: cancel_url. (The local stand-in requires it; Stripe does not.)', {
        code: 'parameter_missing',
        param: 'cancel_url',
      });
    }
    for (const name of ['success_url', 'cancel_url']) {
      try {
        new URL(params[name].replace('{CHECKOUT_SESSION_ID}', 'x'));
      } catch {
        throw new StripeApiError(400, 'Not a valid URL', { code: 'url_invalid', param: name });
      }
    }
    const items = params.line_items;
    if (!Array.isArray(items) || items.length === 0) {
      throw new StripeApiError(400, `Missing required param: line_items.`, { code: 'parameter_missing', param: 'line_items' });
    }
    /** @type {Record<string, any>[]} */
    const lineItems = [];
    let subtotal = 0;
    let recurring = 0;
    items.forEach((item, index) => {
      if (item?.price_data !== undefined)
        throw new StripeApiError(400, 'The local stand-in supports only `price`, not `price_data`.', { param: `line_items[${index}][price_data]` });
      if (typeof item?.price !== 'string')
        throw new StripeApiError(400, `Missing required param: line_items[${index}][price].`, {
          code: 'parameter_missing',
          param: `line_items[${index}][price]`,
        });
      const found = price(item.price, `line_items[${index}][price]`);
      if (!found.active)
        throw new StripeApiError(400, `The price specified is inactive. This field only accepts active prices.`, { param: `line_items[${index}][price]` });
      if (item.quantity === undefined)
        throw new StripeApiError(400, `Quantity is required. Add \`quantity\` to \`line_items[${index}]\``, {
          code: 'parameter_missing',
          param: `line_items[${index}][quantity]`,
        });
      const quantity = Number(item.quantity);
      if (!Number.isInteger(quantity) || quantity < 1) throw new StripeApiError(400, 'Invalid integer: quantity', { param: `line_items[${index}][quantity]` });
      if (found.type === 'recurring') recurring++;
      const product = store.get('products', found.product);
      const amount = found.unit_amount * quantity;
      subtotal += amount;
      lineItems.push({
        id: newId('li'),
        object: 'item',
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: found.currency,
        description: product?.name ?? found.nickname ?? '',
        price: found.id,
        quantity,
      });
    });
    if (mode === 'payment' && recurring > 0) {
      throw new StripeApiError(
        400,
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        { param: 'line_items' },
      );
    }
    if (mode === 'subscription' && recurring === 0) {
      throw new StripeApiError(400, 'You must provide at least one recurring price in `subscription` mode when using prices.', { param: 'line_items' });
    }
    let customerId = null;
    if (params.customer !== undefined) customerId = customer(String(params.customer)).id;
    /** @type {{ coupon: string, promotion_code: string | null }[]} */
    let discounts = [];
    if (Array.isArray(params.discounts)) {
      if (params.discounts.length > 1) throw new StripeApiError(400, 'You may only specify one discount.', { param: 'discounts' });
      discounts = params.discounts.map(resolveDiscount);
    }
    const discount = discounts[0] ? discountAmount(discounts[0].coupon, subtotal) : 0;
    if (discount > 0 && lineItems[0]) {
      lineItems[0].amount_discount = discount;
      lineItems[0].amount_total -= discount;
    }
    const now = store.nowSeconds();
    let expiresAt = now + SESSION_LIFETIME_SECONDS;
    if (params.expires_at !== undefined) {
      const requested = Number(params.expires_at);
      if (!Number.isInteger(requested) || requested < now + 1800 || requested > now + SESSION_LIFETIME_SECONDS) {
        throw new StripeApiError(400, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', {
          param: 'expires_at',
        });
      }
      expiresAt = requested;
    }
    const id = newId('cs_test');
    const email = typeof params.customer_email === 'string' ? params.customer_email : null;
    const session = /** @satisfies {StripeShape<Stripe.Checkout.Session> & Record<`_${string}`, unknown>} */ ({
      id,
      object: 'checkout.session',
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: params.allow_promotion_codes === undefined ? null : asBool(params.allow_promotion_codes),
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      billing_address_collection: null,
      cancel_url: params.cancel_url,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      currency: lineItems[0]?.currency ?? 'gbp',
      customer: customerId,
      customer_creation: mode === 'payment' ? (params.customer_creation ?? (customerId ? null : 'if_required')) : null,
      customer_details: customerId ? { email: store.get('customers', customerId)?.email ?? null, name: null } : email ? { email, name: null } : null,
      customer_email: email,
      discounts,
      expires_at: expiresAt,
      invoice: null,
      locale: params.locale ?? null,
      metadata: mergeMetadata({}, params.metadata),
      mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: params.success_url,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${baseUrl}/pay/${id}`,
      ...base(),
      // kept for the subscription and payment intent Stripe makes at payment
      _subscriptionMetadata: mergeMetadata({}, params.subscription_data?.metadata),
      _paymentIntentMetadata: mergeMetadata({}, params.payment_intent_data?.metadata),
    });
    store.state.lineItems[id] = lineItems;
    return store.put('checkout_sessions', session);
  }

  /** @param {string} id */
  function openSession(id) {
    const session = store.get('checkout_sessions', id);
    if (!session) throw noSuch('checkout session', id);
    if (session.status === 'open' && session.expires_at <= store.nowSeconds()) expire(session);
    return session;
  }

  /** @param {Record<string, any>} session */
  function expire(session) {
    session.status = 'expired';
    session.url = null;
    store.put('checkout_sessions', session);
    emit('checkout.session.expired', publicSession(session));
  }

  /** The session without the stand-in's private fields. @param {Record<string, any>} session */
  function publicSession(session) {
    const { _subscriptionMetadata, _paymentIntentMetadata, ...rest } = session;
    return rest;
  }

  /**
   * A payment intent with its succeeded charge.
   * @param {{ amount: number, currency: string, customer: string | null, metadata: Record<string, string>, description: string | null }} details
   */
  function chargeCard(details) {
    const paymentIntentId = newId('pi');
    const charge = store.put(
      'charges',
      /** @satisfies {StripeShape<Stripe.Charge>} */ ({
        id: newId('ch'),
        object: 'charge',
        amount: details.amount,
        amount_captured: details.amount,
        amount_refunded: 0,
        balance_transaction: null,
        billing_details: { email: null, name: null },
        captured: true,
        currency: details.currency,
        customer: details.customer,
        description: details.description,
        disputed: false,
        failure_code: null,
        failure_message: null,
        metadata: details.metadata,
        outcome: { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
        paid: true,
        payment_intent: paymentIntentId,
        payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, country: 'GB' } },
        receipt_url: null,
        refunded: false,
        status: 'succeeded',
        ...base(),
      }),
    );
    const paymentIntent = store.put(
      'payment_intents',
      /** @satisfies {StripeShape<Stripe.PaymentIntent>} */ ({
        id: paymentIntentId,
        object: 'payment_intent',
        amount: details.amount,
        amount_capturable: 0,
        amount_received: details.amount,
        capture_method: 'automatic_async',
        client_secret: `${paymentIntentId}_secret_local`,
        currency: details.currency,
        customer: details.customer,
        description: details.description,
        last_payment_error: null,
        latest_charge: charge.id,
        metadata: details.metadata,
        payment_method_types: ['card'],
        status: 'succeeded',
        ...base(),
      }),
    );
    return { charge, paymentIntent };
  }

  /**
   * A paid (or, when `fail`, open and unpaid) invoice for a subscription period.
   * @param {Record<string, any>} subscription
   * @param {'subscription_create' | 'subscription_cycle'} reason
   * @param {{ fail?: boolean, discountAmount?: number }} [options]
   */
  function invoiceFor(subscription, reason, options = {}) {
    const item = subscription.items.data[0];
    const amount = Math.max(0, item.price.unit_amount * item.quantity - (options.discountAmount ?? 0));
    const id = newId('in');
    const paid = !options.fail;
    const payment = paid
      ? chargeCard({ amount, currency: subscription.currency, customer: subscription.customer, metadata: {}, description: 'Subscription creation' })
      : null;
    const now = store.nowSeconds();
    const invoice = store.put(
      'invoices',
      /** @satisfies {StripeShape<Stripe.Invoice>} */ ({
        id,
        object: 'invoice',
        amount_due: amount,
        amount_paid: paid ? amount : 0,
        amount_remaining: paid ? 0 : amount,
        attempt_count: 1,
        attempted: true,
        billing_reason: reason,
        collection_method: 'charge_automatically',
        currency: subscription.currency,
        customer: subscription.customer,
        customer_email: store.get('customers', subscription.customer)?.email ?? null,
        hosted_invoice_url: null,
        lines: {
          object: 'list',
          data: [
            {
              id: newId('il'),
              object: 'line_item',
              amount,
              currency: subscription.currency,
              description: `1 × ${store.get('products', item.price.product)?.name ?? item.price.id}`,
              period: { start: item.current_period_start, end: item.current_period_end },
              pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product } },
              quantity: item.quantity,
              subscription: subscription.id,
            },
          ],
          has_more: false,
          url: `/v1/invoices/${id}/lines`,
        },
        metadata: {},
        next_payment_attempt: paid ? null : now + 3 * 24 * 60 * 60,
        number: null,
        parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id } },
        period_start: item.current_period_start,
        period_end: item.current_period_end,
        status: paid ? 'paid' : 'open',
        status_transitions: { finalized_at: now, paid_at: paid ? now : null, voided_at: null },
        subtotal: item.price.unit_amount * item.quantity,
        total: amount,
        ...base(),
      }),
    );
    if (payment) {
      payment.paymentIntent.invoice = invoice.id;
      payment.charge.invoice = invoice.id;
    }
    return { invoice, payment };
  }

  /**
   * Pays an open checkout session (the checkout page's Pay button, or the control API).
   * @param {string} id
   * @param {{ email?: string, name?: string }} [details] what the payer typed
   */
  function payCheckoutSession(id, details = {}) {
    const session = openSession(id);
    if (session.status !== 'open') {
      throw new StripeApiError(400, `This Checkout Session is no longer active (status ${session.status}).`, { code: 'checkout_session_inactive' });
    }
    /** @type {[Stripe.Event.Type, Record<string, any>][]} */
    const events = [];
    const email = session.customer_email ?? (session.customer ? store.get('customers', session.customer)?.email : null) ?? details.email ?? null;
    const name = details.name ?? null;
    let customerId = session.customer;
    if (!customerId && (session.mode === 'subscription' || session.customer_creation === 'always')) {
      const created = createCustomer({ email: email ?? undefined, name: name ?? undefined }, { silent: true });
      customerId = created.id;
      events.push(['customer.created', created]);
    }
    const items = store.state.lineItems[id] ?? [];
    const first = items[0];
    const firstPrice = price(first?.price);
    const promo = session.discounts[0]?.promotion_code ? store.get('promotion_codes', session.discounts[0].promotion_code) : undefined;
    if (session.discounts[0]) {
      if (promo) store.put('promotion_codes', { ...promo, times_redeemed: promo.times_redeemed + 1 });
      const coupon = store.get('coupons', session.discounts[0].coupon);
      if (coupon) store.put('coupons', { ...coupon, times_redeemed: coupon.times_redeemed + 1 });
    }
    session.customer = customerId;
    session.customer_details = { email, name, address: null, phone: null, tax_exempt: 'none', tax_ids: [] };
    session.payment_status = 'paid';
    session.status = 'complete';
    session.url = null;
    if (session.mode === 'payment') {
      const { charge, paymentIntent } = chargeCard({
        amount: session.amount_total,
        currency: session.currency,
        customer: customerId,
        metadata: session._paymentIntentMetadata ?? {},
        description: first?.description ?? null,
      });
      charge.billing_details = { email, name };
      session.payment_intent = paymentIntent.id;
      events.push(['charge.succeeded', charge], ['payment_intent.succeeded', paymentIntent]);
    } else {
      const start = store.nowSeconds();
      const recurring = firstPrice.recurring;
      const end = addInterval(start, recurring);
      const iterations = Number(firstPrice.metadata?.terrace_iterations ?? 0);
      const subscriptionId = newId('sub');
      const item = {
        id: newId('si'),
        object: 'subscription_item',
        created: start,
        current_period_start: start,
        current_period_end: end,
        discounts: [],
        metadata: {},
        price: structuredClone(firstPrice),
        quantity: first?.quantity ?? 1,
        subscription: subscriptionId,
      };
      const subscription = {
        id: subscriptionId,
        object: 'subscription',
        billing_cycle_anchor: start,
        cancel_at: iterations > 0 ? addInterval(start, recurring, iterations) : null,
        cancel_at_period_end: false,
        canceled_at: null,
        cancellation_details: { comment: null, feedback: null, reason: null },
        collection_method: 'charge_automatically',
        currency: session.currency,
        current_period_start: start,
        current_period_end: end,
        customer: customerId,
        default_payment_method: null,
        description: null,
        discounts: [],
        ended_at: null,
        items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${subscriptionId}` },
        latest_invoice: null,
        metadata: session._subscriptionMetadata ?? {},
        pending_update: null,
        start_date: start,
        status: 'active',
        trial_end: null,
        trial_start: null,
        ...base(),
      };
      store.put('subscriptions', subscription);
      const { invoice, payment } = invoiceFor(subscription, 'subscription_create', { discountAmount: session.total_details.amount_discount });
      subscription.latest_invoice = invoice.id;
      session.subscription = subscription.id;
      session.invoice = invoice.id;
      if (payment) events.push(['charge.succeeded', payment.charge], ['payment_intent.succeeded', payment.paymentIntent]);
      events.push(['customer.subscription.created', subscription], ['invoice.paid', invoice], ['invoice.payment_succeeded', invoice]);
    }
    store.put('checkout_sessions', session);
    events.push(['checkout.session.completed', publicSession(session)]);
    for (const [type, object] of events) emit(type, object);
    return publicSession(session);
  }

  /** @param {string} id POST /v1/checkout/sessions/:id/expire */
  function expireCheckoutSession(id) {
    const session = openSession(id);
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        { param: 'session' },
      );
    }
    expire(session);
    return publicSession(session);
  }

  /** The session's line items with their prices. @param {string} id */
  function lineItems(id) {
    openSession(id);
    return (store.state.lineItems[id] ?? []).map((item) => ({ ...item, price: structuredClone(store.get('prices', item.price) ?? item.price) }));
  }

  /**
   * @param {Record<string, any>} params email, name, metadata, description, phone
   * @param {{ silent?: boolean }} [options] silent: no event (the caller emits it)
   */
  function createCustomer(params, options = {}) {
    const created = store.put(
      'customers',
      /** @satisfies {StripeShape<Stripe.Customer>} */ ({
        id: newId('cus'),
        object: 'customer',
        address: null,
        balance: 0,
        currency: null,
        default_source: null,
        delinquent: false,
        description: params.description ?? null,
        email: params.email ?? null,
        invoice_prefix: Math.random().toString(36).slice(2, 10).toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        metadata: mergeMetadata({}, params.metadata),
        name: params.name ?? null,
        phone: params.phone ?? null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: 'none',
        test_clock: null,
        ...base(),
      }),
    );
    if (!options.silent) emit('customer.created', created);
    return created;
  }

  /**
   * @param {string} id
   * @param {Record<string, any>} params
   */
  function updateCustomer(id, params) {
    const current = customer(id);
    /** @type {Record<string, any>} */
    const previous = {};
    const next = { ...current };
    for (const field of ['email', 'name', 'description', 'phone']) {
      if (params[field] !== undefined) {
        previous[field] = current[field];
        next[field] = params[field] === '' ? null : params[field];
      }
    }
    if (params.metadata !== undefined) {
      previous.metadata = current.metadata;
      next.metadata = mergeMetadata(current.metadata, params.metadata);
    }
    store.put('customers', next);
    emit('customer.updated', next, { previous });
    return next;
  }

  /**
   * @param {string} customerId
   * @param {string} returnUrl
   */
  function createPortalSession(customerId, returnUrl) {
    customer(customerId);
    const id = newId('bps');
    return store.put(
      'portal_sessions',
      /** @satisfies {StripeShape<Stripe.BillingPortal.Session>} */ ({
        id,
        object: 'billing_portal.session',
        configuration: 'bpc_terrace_local',
        customer: customerId,
        flow: null,
        locale: null,
        on_behalf_of: null,
        return_url: returnUrl,
        url: `${baseUrl}/portal/${id}`,
        ...base(),
      }),
    );
  }

  /** @param {string} id */
  const subscription = (id) => {
    const found = store.get('subscriptions', id);
    if (!found) throw noSuch('subscription', id);
    return found;
  };

  /**
   * POST /v1/subscriptions/:id — cancel_at_period_end and metadata.
   * @param {string} id
   * @param {Record<string, any>} params
   */
  function updateSubscription(id, params) {
    const current = subscription(id);
    if (current.status === 'canceled' || current.status === 'incomplete_expired') {
      throw new StripeApiError(400, 'A canceled subscription can only update its cancellation_details and metadata.', { param: 'cancel_at_period_end' });
    }
    const next = structuredClone(current);
    /** @type {Record<string, any>} */
    const previous = {};
    if (params.cancel_at_period_end !== undefined) {
      const cancel = asBool(params.cancel_at_period_end);
      if (cancel !== current.cancel_at_period_end) {
        Object.assign(previous, { cancel_at_period_end: current.cancel_at_period_end, cancel_at: current.cancel_at, canceled_at: current.canceled_at });
        next.cancel_at_period_end = cancel;
        next.cancel_at = cancel ? current.current_period_end : null;
        next.canceled_at = cancel ? store.nowSeconds() : null;
        next.cancellation_details = { comment: null, feedback: null, reason: cancel ? 'cancellation_requested' : null };
      }
    }
    if (params.metadata !== undefined) {
      previous.metadata = current.metadata;
      next.metadata = mergeMetadata(current.metadata, params.metadata);
    }
    store.put('subscriptions', next);
    emit('customer.subscription.updated', next, { previous });
    return next;
  }

  /**
   * Ends a subscription now (DELETE /v1/subscriptions/:id) or at its period end (the clock).
   * @param {string} id
   * @param {{ at?: number, reason?: string }} [options]
   */
  function cancelSubscription(id, options = {}) {
    const current = subscription(id);
    if (current.status === 'canceled') {
      throw new StripeApiError(404, `No such subscription: '${id}'`, { code: 'resource_missing', param: 'id' });
    }
    const at = options.at ?? store.nowSeconds();
    const next = {
      ...current,
      status: 'canceled',
      canceled_at: current.canceled_at ?? at,
      ended_at: at,
      cancellation_details: { ...current.cancellation_details, reason: current.cancellation_details?.reason ?? options.reason ?? 'cancellation_requested' },
    };
    store.put('subscriptions', next);
    emit('customer.subscription.deleted', next, { previous: { status: current.status } });
    return next;
  }

  /**
   * POST /v1/refunds: charge or payment_intent, optional amount.
   * @param {Record<string, any>} params
   */
  function createRefund(params) {
    let charge;
    if (typeof params.charge === 'string') {
      charge = store.get('charges', params.charge);
      if (!charge) throw noSuch('charge', params.charge, 'charge');
    } else if (typeof params.payment_intent === 'string') {
      const intent = store.get('payment_intents', params.payment_intent);
      if (!intent) throw noSuch('payment_intent', params.payment_intent, 'payment_intent');
      charge = store.get('charges', intent.latest_charge);
    }
    if (!charge)
      throw new StripeApiError(400, 'One of the following params should be provided for this request: payment_intent or charge.', { param: 'charge' });
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (left <= 0) throw new StripeApiError(400, `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      throw new StripeApiError(400, `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`, {
        param: 'amount',
      });
    }
    const refund = store.put(
      'refunds',
      /** @satisfies {StripeShape<Stripe.Refund>} */ ({
        id: newId('re'),
        object: 'refund',
        amount,
        balance_transaction: null,
        charge: charge.id,
        currency: charge.currency,
        metadata: mergeMetadata({}, params.metadata),
        payment_intent: charge.payment_intent,
        reason: params.reason ?? null,
        status: 'succeeded',
        ...base(),
      }),
    );
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    store.put('charges', charge);
    emit('refund.created', refund);
    emit('charge.refunded', charge, { previous });
    return refund;
  }

  /**
   * Moves the clock on and does what Stripe's billing would have done meanwhile: open checkout
   * sessions expire; subscriptions renew each period (invoice paid, or with `failRenewals` an open
   * invoice, status past_due and invoice.payment_failed) or end at `cancel_at` / the end of the
   * period when cancel_at_period_end.
   * @param {number} seconds
   * @param {{ failRenewals?: boolean }} [options]
   */
  function advanceClock(seconds, options = {}) {
    if (!Number.isFinite(seconds) || seconds < 0) throw new StripeApiError(400, 'seconds must be a number ≥ 0', { param: 'seconds' });
    store.advance(seconds);
    const now = store.nowSeconds();
    for (const session of store.all('checkout_sessions')) if (session.status === 'open' && session.expires_at <= now) expire(session);
    const subscriptions = store.all('subscriptions').reverse();
    for (const current of subscriptions) {
      let sub = current;
      while (sub.status === 'active' || sub.status === 'past_due' || sub.status === 'trialing') {
        const periodEnd = sub.current_period_end;
        if (sub.cancel_at !== null && sub.cancel_at <= Math.min(now, periodEnd)) {
          cancelSubscription(sub.id, { at: sub.cancel_at });
          break;
        }
        if (periodEnd > now) break;
        if (sub.status === 'past_due') break; // waits for a payment that never comes here
        const item = sub.items.data[0];
        const start = periodEnd;
        const end = addInterval(start, item.price.recurring);
        const next = structuredClone(sub);
        Object.assign(next, { current_period_start: start, current_period_end: end });
        Object.assign(next.items.data[0], { current_period_start: start, current_period_end: end });
        /** @type {Record<string, any>} */
        const previous = { current_period_start: sub.current_period_start, current_period_end: sub.current_period_end, latest_invoice: sub.latest_invoice };
        const { invoice, payment } = invoiceFor(next, 'subscription_cycle', { fail: options.failRenewals });
        next.latest_invoice = invoice.id;
        if (options.failRenewals) {
          previous.status = sub.status;
          next.status = 'past_due';
        }
        store.put('subscriptions', next);
        emit('invoice.created', invoice);
        if (payment) {
          emit('charge.succeeded', payment.charge);
          emit('payment_intent.succeeded', payment.paymentIntent);
          emit('invoice.paid', invoice);
          emit('invoice.payment_succeeded', invoice);
        } else {
          emit('invoice.payment_failed', invoice);
        }
        emit('customer.subscription.updated', next, { previous });
        sub = next;
      }
    }
    return { now };
  }

  /**
   * Sends an existing event again (same id, same payload).
   * @param {string} id
   */
  function resend(id) {
    const event = store.get('events', id);
    if (!event) throw noSuch('event', id);
    webhooks.send(event);
    return event;
  }

  return {
    emit,
    publicSession,
    openSession,
    createCheckoutSession,
    payCheckoutSession,
    expireCheckoutSession,
    lineItems,
    createCustomer,
    updateCustomer,
    createPortalSession,
    updateSubscription,
    cancelSubscription,
    createRefund,
    advanceClock,
    resend,
  };
}

/** @typedef {ReturnType<typeof createEngine>} Engine */
