/**
 * Secret-shaped values for tests, assembled at run time so that no committed file holds a string
 * that looks like a real Stripe key, webhook secret or AWS key id (repository secret scanners, and
 * our own `npm run quality:secrets`, would flag it). Each is random, valid in form only, and works
 * against nothing.
 */
import { randomBytes } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `n` random letters and digits. */
export function randomAlnum(n: number, alphabet: string = ALNUM): string {
  return Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');
}

/** A Stripe secret (`sk`) or restricted (`rk`) key of the test or live mode: `<kind>_<mode>_<body>`. */
export function fakeStripeKey(mode: 'test' | 'live', kind: 'sk' | 'rk' = 'sk', body: string = randomAlnum(24)): string {
  return [kind, mode, body].join('_');
}

/** A Stripe webhook signing secret: `whsec` + '_' + body. */
export function fakeWebhookSecret(body: string = randomAlnum(24)): string {
  return ['whsec', body].join('_');
}

/** An AWS access key id: 'AKIA' + 16 upper-case letters and digits. */
export function fakeAwsKeyId(): string {
  return ['AK', 'IA', randomAlnum(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')].join('');
}
