/**
 * Notifications (spec §3 errorNotification, accountNotification; §4 Notifications): they open
 * with a message (the error one also with a title) and clear on close. The error notification
 * counts down from 30 s; the account notification closes after 4 s (spec §9).
 */
import { map } from 'nanostores';

export const errorNotification = map({ display: false, title: '', message: '' });
export const accountNotification = map({ display: false, message: '' });

export function showErrorNotification(title: string, message: string): void {
  errorNotification.set({ display: true, title, message });
}

export function closeErrorNotification(): void {
  errorNotification.set({ display: false, title: '', message: '' });
}

export function showAccountNotification(message: string): void {
  accountNotification.set({ display: true, message });
}

export function closeAccountNotification(): void {
  accountNotification.set({ display: false, message: '' });
}
