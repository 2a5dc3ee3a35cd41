/**
 * Device cookies (OWASP "device cookies"): after a sign-in the browser gets `tr_device`, HttpOnly,
 * `<base64url JSON { a: account, n: nonce }>.<base64url HMAC-SHA256>` under DEVICE_COOKIE_SECRET
 * (without it, a random key per process). A sign-in presenting a valid cookie for its account spends
 * the device's own attempt budget (attempts.ts), so guessing elsewhere never locks the owner out.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PlatformEnv } from '../../platform/env.ts';
import type { CookieJar } from './cookies.ts';

/** How long a device stays known (seconds): 180 days, renewed at each sign-in. */
export const DEVICE_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;

const processSecret = randomBytes(32);
const payloadSchema = z.object({ a: z.string().min(1).max(320), n: z.string().regex(/^[\w-]{16,64}$/) });

const secretOf = (env: PlatformEnv): Buffer => (env.DEVICE_COOKIE_SECRET ? Buffer.from(env.DEVICE_COOKIE_SECRET, 'utf8') : processSecret);
const sign = (secret: Buffer, payload: string): string => createHmac('sha256', secret).update(payload).digest('base64url');

/** Sets a fresh device cookie for `account` (the normalised account key of attempts.ts). */
export function issueDeviceCookie(jar: CookieJar, env: PlatformEnv, account: string): void {
  const payload = Buffer.from(JSON.stringify({ a: account, n: randomBytes(18).toString('base64url') }), 'utf8').toString('base64url');
  jar.set('device', `${payload}.${sign(secretOf(env), payload)}`, DEVICE_COOKIE_MAX_AGE);
}

/** The nonce of this browser's device cookie when it is genuine and names `account`, else undefined. */
export function knownDevice(jar: CookieJar, env: PlatformEnv, account: string): string | undefined {
  const value = jar.get('device');
  if (!value || value.length > 1024) return undefined;
  const [payload, signature, ...rest] = value.split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(secretOf(env), payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const device = payloadSchema.safeParse(parsed);
  return device.success && device.data.a === account ? device.data.n : undefined;
}
