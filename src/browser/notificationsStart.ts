/**
 * Loads the notifications' behaviour (src/browser/notificationsView.ts, spec §4 Notifications) when
 * the first notification opens; until then the static markup stays hidden as rendered.
 */
import { accountNotification, errorNotification } from '../stores/notifications';

let started = false;

function start({ display }: { display: boolean }): void {
  if (!display || started) return;
  started = true;
  import('./notificationsView').catch((error: unknown) => console.warn('Notifications not loaded:', error));
}

errorNotification.subscribe(start);
accountNotification.subscribe(start);
