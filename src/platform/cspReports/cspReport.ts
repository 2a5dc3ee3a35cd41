/**
 * Content-Security-Policy violation reports as browsers send them — `application/csp-report`
 * (report-uri) and `application/reports+json` (the Reporting API; other report types kept as type
 * and URL only) — and their one normalised, loggable form: URLs without query or fragment, every
 * string capped at MAX_FIELD_CHARS, only the known fields kept.
 */
import { z } from '@hono/zod-openapi';

/** Longest string kept from a report field, in characters. */
export const MAX_FIELD_CHARS = 512;
/** Most reports accepted in one Reporting API batch. */
export const MAX_REPORTS_PER_BATCH = 50;

const text = z.string().max(64 * 1024);
const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** The body of a `report-uri` report (application/csp-report). Unknown members are ignored. */
export const cspReportSchema = z
  .object({
    'csp-report': z.object({
      'document-uri': text.optional(),
      'blocked-uri': text.optional(),
      'effective-directive': text.optional(),
      'violated-directive': text.optional(),
      disposition: text.optional(),
      'source-file': text.optional(),
      'line-number': count.optional(),
      'column-number': count.optional(),
      'status-code': count.optional(),
      'script-sample': text.optional(),
    }),
  })
  .openapi('CspReport');

/** A Reporting API batch (application/reports+json). */
export const reportsBatchSchema = z
  .array(
    z.object({
      type: z.string().max(100),
      url: text.optional(),
      age: count.optional(),
      body: z
        .object({
          documentURL: text.optional(),
          blockedURL: text.optional(),
          effectiveDirective: text.optional(),
          disposition: text.optional(),
          sourceFile: text.optional(),
          lineNumber: count.optional(),
          columnNumber: count.optional(),
          statusCode: count.optional(),
          sample: text.optional(),
        })
        .optional(),
    }),
  )
  .max(MAX_REPORTS_PER_BATCH)
  .openapi('ReportsBatch');

/** One report as it is logged. */
export interface NormalisedReport {
  type: string;
  documentURL?: string;
  blockedURL?: string;
  effectiveDirective?: string;
  disposition?: string;
  sourceFile?: string;
  lineNumber?: number;
  columnNumber?: number;
  statusCode?: number;
  sample?: string;
}

const cap = (value: string): string => (value.length > MAX_FIELD_CHARS ? `${value.slice(0, MAX_FIELD_CHARS)}…` : value);

/**
 * A URL without its query string and fragment, capped; keywords such as 'inline', 'eval' or
 * 'data' (not URLs) are kept as they are.
 */
export function redactUrl(value: string): string {
  if (!URL.canParse(value)) return cap(value);
  const url = new URL(value);
  if (url.protocol === 'data:' || url.protocol === 'blob:') return url.protocol.slice(0, -1);
  return cap(`${url.origin === 'null' ? url.protocol : url.origin}${url.pathname}`);
}

/** Copies the defined fields of `fields` (dropping undefined ones, so the log line stays small). */
function defined(fields: NormalisedReport): NormalisedReport {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as unknown as NormalisedReport;
}

/** The loggable form of a `report-uri` report. */
export function normaliseCspReport(report: z.infer<typeof cspReportSchema>): NormalisedReport {
  const r = report['csp-report'];
  const directive = r['effective-directive'] ?? r['violated-directive'];
  return defined({
    type: 'csp-violation',
    documentURL: r['document-uri'] === undefined ? undefined : redactUrl(r['document-uri']),
    blockedURL: r['blocked-uri'] === undefined ? undefined : redactUrl(r['blocked-uri']),
    effectiveDirective: directive === undefined ? undefined : cap(directive),
    disposition: r.disposition === undefined ? undefined : cap(r.disposition),
    sourceFile: r['source-file'] === undefined ? undefined : redactUrl(r['source-file']),
    lineNumber: r['line-number'],
    columnNumber: r['column-number'],
    statusCode: r['status-code'],
    sample: r['script-sample'] === undefined ? undefined : cap(r['script-sample']),
  });
}

/** The loggable forms of a Reporting API batch, one per report. */
export function normaliseReportsBatch(batch: z.infer<typeof reportsBatchSchema>): NormalisedReport[] {
  return batch.map((report) => {
    const b = report.body;
    if (report.type !== 'csp-violation' || !b)
      return defined({ type: cap(report.type), documentURL: report.url === undefined ? undefined : redactUrl(report.url) });
    return defined({
      type: 'csp-violation',
      documentURL: redactUrl(b.documentURL ?? report.url ?? ''),
      blockedURL: b.blockedURL === undefined ? undefined : redactUrl(b.blockedURL),
      effectiveDirective: b.effectiveDirective === undefined ? undefined : cap(b.effectiveDirective),
      disposition: b.disposition === undefined ? undefined : cap(b.disposition),
      sourceFile: b.sourceFile === undefined ? undefined : redactUrl(b.sourceFile),
      lineNumber: b.lineNumber,
      columnNumber: b.columnNumber,
      statusCode: b.statusCode,
      sample: b.sample === undefined ? undefined : cap(b.sample),
    });
  });
}
