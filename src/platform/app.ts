/**
 * The platform API (ARCHITECTURE §3): one Hono application under /api, run as a Netlify Function
 * in production (netlify/functions/api.ts) and by scripts/serve.mjs locally. This first slice
 * accepts the site's event logging (spec §7 "Event logging"); auth, video, payments and the rest
 * of spec §7 join it with their issues.
 *
 * POST /api/events — body: a logged event (src/schemas/loggedEvent.ts). 202 when accepted;
 * 400 with { error: { code, message, issues } } when the body is not JSON or not a valid event;
 * 413 above 16 KB. Accepted events go to `sink` (default: one JSON line on stdout, which the
 * function's log drain collects).
 */
import { Hono } from 'hono';
import { loggedEventSchema, type LoggedEvent } from '../schemas/loggedEvent.ts';

/** Largest accepted event body in bytes. */
export const MAX_EVENT_BYTES = 16 * 1024;

export interface PlatformOptions {
  /** Where accepted events go. */
  sink?: (event: LoggedEvent) => void | Promise<void>;
}

const stdoutSink = (event: LoggedEvent) => {
  process.stdout.write(`${JSON.stringify({ type: 'logged-event', receivedAt: new Date().toISOString(), event })}\n`);
};

export function createPlatformApp(options: PlatformOptions = {}): Hono {
  const sink = options.sink ?? stdoutSink;
  const app = new Hono().basePath('/api');

  app.post('/events', async (c) => {
    const text = await c.req.text();
    if (new TextEncoder().encode(text).byteLength > MAX_EVENT_BYTES) {
      return c.json({ error: { code: 'payload_too_large', message: `An event may be at most ${MAX_EVENT_BYTES} bytes` } }, 413);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json({ error: { code: 'invalid_json', message: 'The body must be a JSON object' } }, 400);
    }
    const parsed = loggedEventSchema.safeParse(body);
    if (!parsed.success) {
      return c.json(
        { error: { code: 'invalid_event', message: 'The event does not match the logged-event shape', issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) } },
        400,
      );
    }
    await sink(parsed.data);
    return c.body(null, 202);
  });

  app.notFound((c) => c.json({ error: { code: 'not_found', message: `No API route ${c.req.method} ${new URL(c.req.url).pathname}` } }, 404));
  return app;
}
