/**
 * Event logging (spec §3 "Logged event", §7): POST /api/events with one logged event
 * (src/schemas/loggedEvent.ts) as JSON, at most MAX_EVENT_BYTES → 202, stored by deps.eventSink.
 * Checks in order, each in the error envelope: 403 forbidden_origin (http/csrf.ts), 429 over
 * EVENTS_RATE_LIMIT with Retry-After, 415 not JSON, 413 too large (refused unread), 400 invalid_json,
 * 400 invalid_request with `fields`.
 */
import { createRoute } from '@hono/zod-openapi';
import { loggedEventSchema } from '../../schemas/loggedEvent.ts';
import type { PlatformDeps } from '../deps.ts';
import { configuredOrigins } from '../env.ts';
import { limitBody } from '../http/bodyLimit.ts';
import { requireSameOrigin } from '../http/csrf.ts';
import { errorResponses } from '../http/errors.ts';
import { requireMediaType } from '../http/mediaType.ts';
import { rateLimit, type RateLimitPolicy } from '../http/rateLimit.ts';
import { createRouter } from '../http/validation.ts';

/** Largest accepted event body in bytes. */
export const MAX_EVENT_BYTES = 16 * 1024;

/** Events per client per minute: a page shows a handful of adverts, each logged once plus clicks. */
export const EVENTS_RATE_LIMIT: RateLimitPolicy = { limit: 120, windowMs: 60_000 };

/** The events router (mounted at /api by createPlatformApp). */
export function createEventsRouter(deps: PlatformDeps) {
  const postEvent = createRoute({
    method: 'post',
    path: '/events',
    tags: ['events'],
    summary: 'Log an advert impression or click',
    middleware: [
      requireSameOrigin({ allowedOrigins: configuredOrigins(deps.env) }),
      rateLimit('events', EVENTS_RATE_LIMIT, deps.rateLimitStore('events'), () => deps.clock.now()),
      requireMediaType('application/json'),
      limitBody(MAX_EVENT_BYTES),
    ] as const,
    request: {
      body: { required: true, content: { 'application/json': { schema: loggedEventSchema.openapi('LoggedEvent') } } },
    },
    responses: {
      202: { description: 'The event was accepted' },
      ...errorResponses(400, 403, 413, 415, 429),
    },
  });

  return createRouter().openapi(postEvent, async (c) => {
    await deps.eventSink(c.req.valid('json'));
    return c.body(null, 202);
  });
}
