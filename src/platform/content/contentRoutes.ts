/**
 * The content webhook (docs/publishing.md): POST /api/content/webhook → 202 and the site rebuilt
 * (./rebuild.ts). Guards in order: rate limit, JSON, 16 KB; HMAC-SHA256 signature of the raw body
 * (./signature.ts, CONTENT_WEBHOOK_SECRET; 401 invalid_signature), timestamp within 300 s (401
 * stale_signature), never seen before (409 replayed), the schema (./contentContract.ts; 400).
 * Errors: 503 webhook_unconfigured without a secret, 503 rebuild_unavailable with nothing to rebuild.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { PlatformDeps, RateLimitStore } from '../deps.ts';
import { limitBody } from '../http/bodyLimit.ts';
import { ApiError, errorResponses } from '../http/errors.ts';
import { requireMediaType } from '../http/mediaType.ts';
import { rateLimit, type RateLimitPolicy } from '../http/rateLimit.ts';
import { createRouter, fieldIssues } from '../http/validation.ts';
import { contentChangeSchema, contentWebhookResponseSchema } from './contentContract.ts';
import { rebuildTriggerFromEnv, RebuildUnavailableError, type RebuildStarted, type RebuildTrigger } from './rebuild.ts';
import { SIGNATURE_HEADER, verifySignature } from './signature.ts';

/** Signature timestamps further than this from now (either way) are refused. */
export const CONTENT_WEBHOOK_TOLERANCE_SECONDS = 300;
/** Largest body (bytes): a delivery names at most 500 items. */
export const MAX_CONTENT_WEBHOOK_BODY_BYTES = 16 * 1024;
/** Per-client limit: a busy newsroom publishes a few items a minute. */
export const CONTENT_WEBHOOK_RATE_LIMIT: RateLimitPolicy = { limit: 30, windowMs: 60_000 };

/** The window of the replay memory: a signature stays acceptable for at most twice the tolerance after its first use. */
const REPLAY_WINDOW_MS = 2 * CONTENT_WEBHOOK_TOLERANCE_SECONDS * 1000;

/** The replay memory: a hit counter per signature digest, in the deps' rate-limit store. */
function replayMemory(store: RateLimitStore) {
  store.init?.({ windowMs: REPLAY_WINDOW_MS } as Parameters<NonNullable<RateLimitStore['init']>>[0]);
  return {
    /** True the first time `digest` is seen within the window. */
    async first(digest: string): Promise<boolean> {
      return (await store.increment(`sig:${digest}`)).totalHits === 1;
    },
    /** Forgets a digest (the rebuild could not start: the same delivery may be retried). */
    async forget(digest: string): Promise<void> {
      await store.resetKey(`sig:${digest}`);
    },
  };
}

/**
 * The content router (mounted at /api by createPlatformApp). `trigger` defaults to the
 * environment's (rebuildTriggerFromEnv); null means nothing can rebuild (503).
 */
export function createContentRouter(deps: PlatformDeps, trigger: RebuildTrigger | null = rebuildTriggerFromEnv(deps.env, deps.logger)) {
  const replay = replayMemory(deps.rateLimitStore('content-webhook-replay'));

  const webhook = createRoute({
    method: 'post',
    path: '/content/webhook',
    tags: ['content'],
    summary:
      'The content platform\'s signed change notice (Terrace-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<body>">); starts the rebuild. Body: ContentChange.',
    middleware: [
      rateLimit('content-webhook', CONTENT_WEBHOOK_RATE_LIMIT, deps.rateLimitStore('content-webhook'), () => deps.clock.now()),
      requireMediaType('application/json'),
      limitBody(MAX_CONTENT_WEBHOOK_BODY_BYTES),
    ] as const,
    request: { headers: z.object({ [SIGNATURE_HEADER]: z.string().max(1024).optional() }) },
    responses: {
      202: { description: 'Accepted; the rebuild started or is queued', content: { 'application/json': { schema: contentWebhookResponseSchema } } },
      ...errorResponses(400, 401, 409, 413, 415, 429, 503),
    },
  });

  return createRouter().openapi(webhook, async (c) => {
    c.header('Cache-Control', 'no-store');
    const secret = deps.env.CONTENT_WEBHOOK_SECRET;
    if (!secret) {
      deps.logger.error('content webhook: CONTENT_WEBHOOK_SECRET is not set; every delivery is refused');
      throw new ApiError(503, 'webhook_unconfigured', 'The content webhook is not configured');
    }
    const raw = await c.req.text();
    const verdict = verifySignature(
      c.req.header(SIGNATURE_HEADER),
      raw,
      secret,
      Math.floor(deps.clock.now().getTime() / 1000),
      CONTENT_WEBHOOK_TOLERANCE_SECONDS,
    );
    if (!verdict.ok) {
      deps.logger.warn('content webhook: signature refused', { requestId: c.get('requestId'), problem: verdict.problem });
      if (verdict.problem === 'stale') {
        throw new ApiError(401, 'stale_signature', `The signature's timestamp is more than ${CONTENT_WEBHOOK_TOLERANCE_SECONDS} s from now`);
      }
      throw new ApiError(401, 'invalid_signature', 'The Terrace-Signature header is missing or does not match the body');
    }
    if (!(await replay.first(verdict.digest))) {
      deps.logger.warn('content webhook: replayed delivery refused', { requestId: c.get('requestId'), signedAt: verdict.timestamp });
      throw new ApiError(409, 'replayed', 'This delivery was already received');
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new ApiError(400, 'invalid_json', 'The body is not valid JSON');
    }
    const parsed = contentChangeSchema.safeParse(json);
    if (!parsed.success) throw new ApiError(400, 'invalid_request', 'The request has invalid fields (json)', { fields: fieldIssues(parsed.error) });
    const change = parsed.data;
    if (!trigger) {
      await replay.forget(verdict.digest);
      deps.logger.error('content webhook: nothing to rebuild with (set NETLIFY_BUILD_HOOK_URL)', { delivery: change.id });
      throw new ApiError(503, 'rebuild_unavailable', 'The site cannot be rebuilt now; deliver again later');
    }
    let rebuild: RebuildStarted;
    try {
      rebuild = await trigger(change);
    } catch (error) {
      await replay.forget(verdict.digest);
      if (!(error instanceof RebuildUnavailableError)) throw error;
      deps.logger.error('content webhook: the rebuild could not start', { delivery: change.id, error: error.message });
      throw new ApiError(503, 'rebuild_unavailable', 'The site cannot be rebuilt now; deliver again later', { cause: error });
    }
    deps.logger.info('content webhook: rebuild requested', {
      delivery: change.id,
      feed: change.feed,
      action: change.action,
      items: change.items.length,
      ...rebuild,
    });
    return c.json({ data: { accepted: true as const, rebuild } }, 202);
  });
}
