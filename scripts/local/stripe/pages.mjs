// @ts-check
/**
 * The local Stripe stand-in's pages: the test checkout page (`/pay/{id}`: the
 * package line, Pay, Decline, Cancel) and the billing portal (`/portal/{id}`: the customer's
 * subscriptions with 'Cancel subscription' and a 'Return' link). Plain HTML forms, no scripts;
 * every value is escaped by hono/html.
 */
import { html } from 'hono/html';
import { standInHeaders, standInPage } from '../standInPage.mjs';

/** Headers of the pages: only their inline style, never framed, never cached; forms may post on to the site. */
export const PAGE_HEADERS = standInHeaders("'self' http: https:");

/** @param {number} amount minor units @param {string} currency */
const money = (amount, currency) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

/** @param {number} seconds */
const day = (seconds) => new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * @param {string} title
 * @param {unknown} body
 */
const layout = (title, body) => standInPage({ title, who: 'local Stripe stand-in', body });

/**
 * @param {{ session: Record<string, any>, items: Record<string, any>[], products: (Record<string, any> | undefined)[], email: string, problem?: string }} data
 */
export function checkoutPage({ session, items, products, email, problem }) {
  const needsEmail = !session.customer && !session.customer_email;
  return layout(
    'Checkout',
    html`<h1>Checkout</h1>
      <p class="note">Local Stripe stand-in: no card is charged.</p>
      ${problem ? html`<p class="problem" role="alert">${problem}</p>` : ''}
      <table>
        ${items.map(
          (item, index) =>
            html`<tr>
              <td>${products[index]?.name ?? item.description}<br /><span class="note">${item.price.nickname ?? ''}</span></td>
              <td>${money(item.amount_subtotal, item.currency)}</td>
            </tr>`,
        )}
        ${
          session.total_details.amount_discount > 0
            ? html`<tr>
                <td>Discount</td>
                <td>−${money(session.total_details.amount_discount, session.currency)}</td>
              </tr>`
            : ''
        }
        <tr>
          <td><strong>Total due</strong></td>
          <td><strong>${money(session.amount_total, session.currency)}</strong></td>
        </tr>
      </table>
      <form method="post" action="/pay/${session.id}">
        ${needsEmail ? html`<label>E-mail <input name="email" type="email" autocomplete="email" required /></label>` : html`<p>Paying as ${email}</p>`}
        <label>Name on card <input name="name" autocomplete="cc-name" /></label>
        <button type="submit" name="action" value="pay">Pay</button>
        <button type="submit" name="action" value="decline" formnovalidate>Decline</button>
        <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
      </form>`,
  );
}

/** @param {string} message */
export function closedCheckoutPage(message) {
  return layout(
    'Checkout',
    html`<h1>Checkout</h1>
      <p role="alert">${message}</p>`,
  );
}

/**
 * @param {{ portal: Record<string, any>, customer: Record<string, any> | undefined, subscriptions: { subscription: Record<string, any>, product: Record<string, any> | undefined }[], problem?: string }} data
 */
export function portalPage({ portal, customer, subscriptions, problem }) {
  return layout(
    'Billing',
    html`<h1>Manage your subscriptions</h1>
      <p class="note">Local Stripe stand-in billing portal${customer?.email ? html` for ${customer.email}` : ''}.</p>
      ${problem ? html`<p class="problem" role="alert">${problem}</p>` : ''} ${subscriptions.length === 0 ? html`<p>No current subscriptions.</p>` : ''}
      ${subscriptions.map(
        ({ subscription, product }) =>
          html`<section>
            <h2>${product?.name ?? subscription.id}</h2>
            <p>${subscription.items.data[0].price.nickname ?? ''} · status ${subscription.status}</p>
            ${
              subscription.cancel_at_period_end
                ? html`<p>Cancels on ${day(subscription.current_period_end)}</p>`
                : html`<p>Renews on ${day(subscription.current_period_end)}</p>`
            }
            <form method="post" action="/portal/${portal.id}">
              <input type="hidden" name="subscription" value="${subscription.id}" />
              ${
                subscription.cancel_at_period_end
                  ? html`<button type="submit" name="action" value="renew">Renew subscription</button>`
                  : html`<button type="submit" name="action" value="cancel">Cancel subscription</button>`
              }
            </form>
          </section>`,
      )}
      ${portal.return_url ? html`<p><a href="${portal.return_url}">Return</a></p>` : ''}`,
  );
}
