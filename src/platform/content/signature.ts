/**
 * The content webhook's signature (docs/publishing.md "The webhook"): the content platform sends
 *   Terrace-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 * so the timestamp is covered by the MAC and cannot be changed to dodge the tolerance. Several v1
 * entries are allowed (a secret being rotated); one matching is enough. Comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The request header carrying the signature. */
export const SIGNATURE_HEADER = 'terrace-signature';

/** Why a signature was refused. */
export type SignatureProblem = 'missing' | 'malformed' | 'mismatch' | 'stale';

/** The verdict of {@link verifySignature}: ok with the signed timestamp, or the problem. */
export type SignatureVerdict = { ok: true; timestamp: number; digest: string } | { ok: false; problem: SignatureProblem };

/** The hex HMAC-SHA256 of `<timestamp>.<body>` under `secret`. */
export function signatureDigest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/**
 * The header value for `body` signed at `timestamp` (unix seconds): what the content platform
 * (and the tests, and `npm run publish:webhook`-style tools) send.
 */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureDigest(secret, timestamp, body)}`;
}

/**
 * Verifies a Terrace-Signature header over the raw body.
 * @param header The header value (undefined when absent).
 * @param body The raw request body, exactly as received.
 * @param secret CONTENT_WEBHOOK_SECRET.
 * @param nowSeconds The current time, unix seconds.
 * @param toleranceSeconds How far the signed timestamp may be from now, either way.
 * @returns ok with the timestamp and the matching digest (the replay key), else the problem:
 *   missing, malformed, mismatch (wrong secret or changed body/timestamp) or stale (outside the
 *   tolerance; checked only once the MAC matched, so an attacker learns nothing about the clock).
 */
export function verifySignature(header: string | undefined, body: string, secret: string, nowSeconds: number, toleranceSeconds: number): SignatureVerdict {
  if (!header) return { ok: false, problem: 'missing' };
  let timestamp: number | null = null;
  const digests: string[] = [];
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (rest.length > 0 || value === undefined) return { ok: false, problem: 'malformed' };
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return { ok: false, problem: 'malformed' };
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(value)) return { ok: false, problem: 'malformed' };
      digests.push(value);
    }
  }
  if (timestamp === null || digests.length === 0 || digests.length > 4) return { ok: false, problem: 'malformed' };
  const expected = Buffer.from(signatureDigest(secret, timestamp, body), 'hex');
  const match = digests.find((digest) => timingSafeEqual(Buffer.from(digest, 'hex'), expected));
  if (!match) return { ok: false, problem: 'mismatch' };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, problem: 'stale' };
  return { ok: true, timestamp, digest: match };
}
