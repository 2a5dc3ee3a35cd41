/**
 * Binds the notification stores to the static notification markup (src/components/Notifications):
 * the error notification counts down from 30 s then closes; the account notification closes
 * after 4 s. Close clears the store. Loaded by src/browser/notificationsStart.ts when the first
 * notification opens.
 */
import { accountNotification, closeAccountNotification, closeErrorNotification, errorNotification } from '../stores/notifications';
import { closingInText, secondsLeft } from '../lib/countdown';
import { ACCOUNT_NOTIFICATION_MS, ERROR_NOTIFICATION_MS } from '../lib/constants';

let errorTimer = 0;
let accountTimer = 0;

function field(root: HTMLElement, name: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-field="${name}"]`);
}

function renderError(): void {
  const el = document.getElementById('error-notification');
  if (!el) return;
  const state = errorNotification.get();
  window.clearInterval(errorTimer);
  el.hidden = !state.display;
  if (!state.display) return;
  field(el, 'title')!.textContent = state.title;
  field(el, 'message')!.textContent = state.message;
  const openedAt = Date.now();
  const tick = () => {
    const left = secondsLeft(openedAt, Date.now(), ERROR_NOTIFICATION_MS);
    field(el, 'countdown')!.textContent = closingInText(left);
    if (left === 0) closeErrorNotification();
  };
  tick();
  errorTimer = window.setInterval(tick, 1000);
}

function renderAccount(): void {
  const el = document.getElementById('account-notification');
  if (!el) return;
  const state = accountNotification.get();
  window.clearTimeout(accountTimer);
  el.hidden = !state.display;
  if (!state.display) return;
  field(el, 'message')!.textContent = state.message;
  accountTimer = window.setTimeout(closeAccountNotification, ACCOUNT_NOTIFICATION_MS);
}

function init(): void {
  document.getElementById('error-notification')?.querySelector('[data-close]')?.addEventListener('click', closeErrorNotification);
  renderError();
  renderAccount();
}

errorNotification.listen(renderError);
accountNotification.listen(renderAccount);
document.addEventListener('astro:page-load', init);
init();
