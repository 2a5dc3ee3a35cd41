/**
 * The return from Stripe Checkout on /videos/subscriptions (docs/payments.md), loaded only when
 * the address carries `?checkout=`: with `success&session_id=cs_…` it asks the API to fulfil the
 * session (entitled on landing even when the webhook is late), reloads the entitlements so replays
 * unlock without a reload, and shows a confirmation with a link to watch in #checkout-return (a
 * status region); `cancelled` says nothing was charged. A malformed id is never sent; another
 * account's session (404) shows nothing. The flags leave the address first, so a reload does not
 * repeat the call.
 */
import { checkoutReturnOf } from '../payments/rules/packageRules';
import { fulfilCheckout } from '../payments/browser/paymentsClient';
import { user } from '../stores/user';

const CANCELLED_TEXT = 'Checkout cancelled. You have not been charged.';
const PENDING_TEXT = 'Thank you. Your payment is being confirmed: your access will appear shortly.';

function show(build: (box: HTMLElement) => void): void {
  const box = document.getElementById('checkout-return');
  if (!box) return;
  box.replaceChildren();
  build(box);
  // The answer to what the supporter just did: brought into view (which also wakes the packages widget beside it).
  box.scrollIntoView({ block: 'center' });
}

function paragraph(text: string, strong?: string): HTMLParagraphElement {
  const p = document.createElement('p');
  if (strong) {
    const b = document.createElement('strong');
    b.textContent = strong;
    p.append(b, ' ');
  }
  p.append(text);
  return p;
}

/** A package's entry in one of the status box's maps written at build time (id → value). */
function packageData(map: 'packageTitles' | 'packageWatch', packageId: string): string | undefined {
  try {
    const values: unknown = JSON.parse(document.getElementById('checkout-return')?.dataset[map] ?? '{}');
    const value = typeof values === 'object' && values !== null ? (values as Record<string, unknown>)[packageId] : undefined;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

async function refreshEntitlements(granted: readonly string[]): Promise<void> {
  const { checkLogin, loadEntitlements } = await import('../stores/session');
  if (!user.get().loggedIn) await checkLogin({ force: true });
  if (!user.get().loggedIn) return;
  await loadEntitlements();
  const held = user.get().entitlements ?? [];
  const merged = [...new Set([...held, ...granted])];
  if (merged.length !== held.length) user.setKey('entitlements', merged);
}

async function run(): Promise<void> {
  const found = checkoutReturnOf(location.search);
  const params = new URLSearchParams(location.search);
  params.delete('checkout');
  params.delete('session_id');
  const rest = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  if (found === null) return;
  if (found.kind === 'cancelled') return show((box) => box.append(paragraph(CANCELLED_TEXT)));
  if (found.sessionId === null) return;

  const answer = await fulfilCheckout(found.sessionId);
  if (!answer.ok) {
    // Refused unsent (not a session id), or not this account's session: nothing to say.
    if (answer.code === 'invalid_request' || answer.status === 404 || answer.status === 400) return;
    return show((box) => box.append(paragraph(PENDING_TEXT)));
  }
  const { paid, packageId, entitlements } = answer.data;
  if (!paid) return show((box) => box.append(paragraph(PENDING_TEXT)));
  await refreshEntitlements(entitlements);
  const title = packageId ? packageData('packageTitles', packageId) : undefined;
  // Where to watch: a match pass's live stream (#next-game), a subscription's replays.
  const watchAt = (packageId ? packageData('packageWatch', packageId) : undefined) ?? '#replays';
  show((box) => {
    box.append(paragraph(title ? `${title} is now on your account.` : 'Your package is now on your account.', 'Payment complete.'));
    const watch = document.createElement('a');
    watch.className = 'button button--primary-light';
    watch.href = watchAt.startsWith('#') ? watchAt : '#replays';
    watch.textContent = 'Watch now';
    box.append(watch);
  });
}

void run();
