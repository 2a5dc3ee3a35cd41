/**
 * POST /api/csp-report, the endpoint the pages' CSP names in report-uri and report-to: accepts
 * `application/csp-report` and `application/reports+json` (./cspReport.ts), at most MAX_REPORT_BYTES
 * and CSP_REPORT_RATE_LIMIT per client; logs each report as one JSON line and answers 204.
 * Errors: 415, 413, 429, 400 invalid_json / invalid_request; never 500. No Origin check: browsers
 * send reports without one, and a report changes no state.
 */
import { createRoute } from '@hono/zod-openapi';
import type { PlatformDeps } from '../deps.ts';
import { limitBody } from '../http/bodyLimit.ts';
import { ApiError, errorResponses } from '../http/errors.ts';
import { mediaTypeOf, requireMediaType } from '../http/mediaType.ts';
import { rateLimit, type RateLimitPolicy } from '../http/rateLimit.ts';
import { createRouter, fieldIssues } from '../http/validation.ts';
import { cspReportSchema, normaliseCspReport, normaliseReportsBatch, reportsBatchSchema, type NormalisedReport } from './cspReport.ts';

/** Largest accepted report body in bytes. */
export const MAX_REPORT_BYTES = 64 * 1024;

/** Reports per client per minute (a page with a broken policy reports each violation once). */
export const CSP_REPORT_RATE_LIMIT: RateLimitPolicy = { limit: 60, windowMs: 60_000 };

const CSP_REPORT = 'application/csp-report';
const REPORTS_JSON = 'application/reports+json';

/** The reports router (mounted at /api by createPlatformApp). */
export function createReportsRouter(deps: PlatformDeps) {
  const postCspReport = createRoute({
    method: 'post',
    path: '/csp-report',
    tags: ['reports'],
    summary: 'Receive Content-Security-Policy violation reports',
    middleware: [
      rateLimit('csp-report', CSP_REPORT_RATE_LIMIT, deps.rateLimitStore('csp-report'), () => deps.clock.now()),
      requireMediaType(CSP_REPORT, REPORTS_JSON),
      limitBody(MAX_REPORT_BYTES),
    ] as const,
    request: {
      body: { content: { [CSP_REPORT]: { schema: cspReportSchema }, [REPORTS_JSON]: { schema: reportsBatchSchema } } },
    },
    responses: {
      204: { description: 'The reports were logged' },
      ...errorResponses(400, 413, 415, 429),
    },
  });

  return createRouter().openapi(postCspReport, async (c) => {
    let reports: NormalisedReport[];
    const validated = c.req.valid('json');
    if (mediaTypeOf(c.req.header('content-type')) === REPORTS_JSON && Array.isArray(validated)) {
      // Parsed and validated by the route's schema (a failure is 400 invalid_request with fields).
      reports = normaliseReportsBatch(validated);
    } else {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw new ApiError(400, 'invalid_json', 'The body is not valid JSON');
      }
      const parsed = cspReportSchema.safeParse(body);
      if (!parsed.success) throw new ApiError(400, 'invalid_request', 'The report has invalid fields', { fields: fieldIssues(parsed.error) });
      reports = [normaliseCspReport(parsed.data)];
    }
    try {
      for (const report of reports) deps.logger.warn('csp-report', { requestId: c.get('requestId'), ...report });
    } catch {
      // Logging must not turn a received report into a 500.
    }
    return c.body(null, 204);
  });
}
