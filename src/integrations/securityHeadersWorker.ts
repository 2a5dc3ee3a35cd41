/**
 * The worker thread of the CSP scan (src/integrations/securityHeaders.ts
 * writeSecurityHeadersInWorker): scans the built site, writes its `_headers` and answers with the
 * outcome, `{ ok: true, scan, policy }` or `{ ok: false, message }` (a page the policy must not
 * allow, an unreadable file). workerData: `{ site, scans }`, the output folder (absolute path) and
 * the per-page scan records. Loaded by Node itself (type stripping), so its imports name their .ts files.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeSecurityHeaders, type ScanOutcome, type SecurityHeadersOptions } from './securityHeaders.ts';

if (parentPort) {
  const port = parentPort;
  const { site, scans } = workerData as { site: string; scans: SecurityHeadersOptions['scans'] };
  writeSecurityHeaders(site, { scans }).then(
    ({ scan, policy }) => port.postMessage({ ok: true, scan, policy } satisfies ScanOutcome),
    (error: unknown) => port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) } satisfies ScanOutcome),
  );
}
