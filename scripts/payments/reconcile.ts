/**
 * `npm run payments:reconcile [-- --repair] [--since-days N] [--json]` (
 * docs/payments.md "Reconcile"): compares every active Stripe-sourced entitlement, and every paid
 * Checkout Session of the last N days (default 35), with Stripe, and prints the drift; `--repair`
 * fixes it, each change audited as 'payments-reconcile'. Uses the environment of the API
 * (DATABASE_URL or the embedded database, STRIPE_SECRET_KEY, STRIPE_API_URL). Exit 0 when nothing
 * is (left) wrong, 2 when drift was reported and not repaired, 1 on errors.
 */
import { createJsonLogger, systemClock } from '../../src/platform/deps.ts';
import { parsePlatformEnv, stripeSettings } from '../../src/platform/env.ts';
import { createPackageCatalogue } from '../../src/payments/server/packageCatalogue.ts';
import { reconcilePayments } from '../../src/payments/server/reconcile.ts';
import { createStripeClient } from '../../src/payments/server/stripeClient.ts';
import { openDatabase, storageConfigFromEnv } from '../../src/platform/storage/platformStorage.ts';

const args = process.argv.slice(2);
const unknown = args.filter((arg, i) => !['--repair', '--json', '--since-days'].includes(arg) && args[i - 1] !== '--since-days');
if (unknown.length > 0 || args.includes('--help')) {
  process.stderr.write('usage: npm run payments:reconcile -- [--repair] [--since-days N] [--json]\n');
  process.exit(unknown.length > 0 ? 1 : 0);
}
const sinceArg = args.indexOf('--since-days');
const sinceDays = sinceArg === -1 ? 35 : Number(args[sinceArg + 1]);
if (!Number.isInteger(sinceDays) || sinceDays < 1) {
  process.stderr.write('--since-days must be a whole number of days\n');
  process.exit(1);
}

try {
  const env = parsePlatformEnv(process.env);
  const stripe = createStripeClient(stripeSettings(env));
  if (!stripe) throw new Error('STRIPE_SECRET_KEY is not set (and STRIPE_API_URL is not a local stand-in)');
  const storage = await openDatabase(storageConfigFromEnv(process.env));
  try {
    await storage.migrate();
    const report = await reconcilePayments(
      {
        stripe,
        db: storage.db,
        catalogue: createPackageCatalogue(),
        clock: systemClock,
        logger: createJsonLogger('warn', { write: (line) => process.stderr.write(line) }),
      },
      { repair: args.includes('--repair'), sinceDays },
    );
    if (args.includes('--json')) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      process.stdout.write(
        `checked ${report.checkedGrants} granted purchase(s) and ${report.checkedSessions} paid checkout(s): ${report.drift.length} drift\n`,
      );
      for (const drift of report.drift) {
        process.stdout.write(
          `  ${drift.kind.padEnd(8)} ${drift.sourceRef} user ${drift.userId ?? '?'} [${drift.entitlements.join(', ')}] ${drift.detail}${drift.repaired ? ' (repaired)' : ''}\n`,
        );
      }
      for (const error of report.errors) process.stdout.write(`  error    ${error.sourceRef}: ${error.error}\n`);
    }
    process.exitCode = report.errors.length > 0 ? 1 : report.drift.some((drift) => !drift.repaired) ? 2 : 0;
  } finally {
    await storage.close();
  }
} catch (error) {
  process.stderr.write(`payments:reconcile failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
