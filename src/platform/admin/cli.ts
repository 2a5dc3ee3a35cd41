/**
 * The administration commands (`npm run admin -- <command> …`; main.ts opens the database): find,
 * block, bypass, grant and revoke, users named by id, Cognito sub or e-mail. Every change needs a
 * reason and an actor (--by or TERRACE_ADMIN) and is audited in the same transaction. Output: one
 * line per row or --json, control and bidi characters escaped, names quoted.
 * Exit status: 0 done, 1 refused (unknown or ambiguous user, unknown grant, invalid value), 2 usage.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { printable } from '../../lib/displayText.ts';
import {
  activeEntitlementNames,
  grantEntitlement,
  IncompleteChangeError,
  listActiveEntitlements,
  listAudit,
  listEntitlements,
  listUsers,
  RecordNotFoundError,
  resolveUsers,
  revokeEntitlement,
  setUserBlocked,
  setUserBypassed,
  type AuditEntry,
  type Change,
  type Entitlement,
  type Executor,
  type User,
} from '../storage/platformStorage.ts';

/** What the commands need from outside. */
export interface AdminIo {
  db: Executor;
  out: (line: string) => void;
  err: (line: string) => void;
  now: () => Date;
  /** The environment (TERRACE_ADMIN names who is making changes when --by is absent). */
  env: Record<string, string | undefined>;
}

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [arguments] [options]

Users are named by account id, Cognito sub or email address.

  list [--blocked | --unblocked] [--bypassed] [--text T] [--limit N]   list users
  find <text>                                   users whose id, sub or email is <text>, else whose email or name contains it
  show <user>                                   a user with entitlements and recent audit entries
  block <user> --reason R                       block (no streaming; spec §5)
  unblock <user> --reason R
  bypass <user> --reason R                      'Account Restrictions Bypassed'
  unbypass <user> --reason R
  grant <user> <entitlement> --reason R [--package P] [--from ISO] [--until ISO]
  revoke <user> <entitlement> --reason R        revoke the user's live grants of <entitlement>
  revoke --grant <grant id> --reason R          revoke one grant
  audit [<user>] [--limit N]                    newest audit entries first

Every change needs --reason and --by <who> (or TERRACE_ADMIN in the environment).
Options: --json (list, find, show, audit), --help.`;

class UsageError extends Error {}
class Refusal extends Error {}

const optionsSpec = {
  reason: { type: 'string' },
  by: { type: 'string' },
  package: { type: 'string' },
  from: { type: 'string' },
  until: { type: 'string' },
  grant: { type: 'string' },
  text: { type: 'string' },
  limit: { type: 'string' },
  blocked: { type: 'boolean' },
  unblocked: { type: 'boolean' },
  bypassed: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const isoDate = z.iso.datetime({ offset: true }).transform((v) => new Date(v));
const limit = z.coerce.number().int().min(1).max(1000);

function parseOption<T>(schema: z.ZodType<T>, value: string | undefined, name: string): T | undefined {
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--${name}: ${parsed.error.issues[0]?.message ?? 'invalid'} (${value})`);
  return parsed.data;
}

const day = (d: Date | null) => (d ? d.toISOString() : '-');
const userLine = (u: User) =>
  `${u.id}  ${u.email}  ${JSON.stringify(u.displayName ?? '-')}  sub=${u.cognitoSub}${u.blocked ? '  BLOCKED' : ''}${u.bypassed ? '  BYPASSED' : ''}`;
const grantLine = (e: Entitlement, now: Date) => {
  const state = e.revokedAt
    ? `revoked ${day(e.revokedAt)} (${e.revokedReason ?? ''})`
    : e.validUntil && e.validUntil <= now
      ? 'expired'
      : e.validFrom > now
        ? 'future'
        : 'active';
  return `${e.id}  ${e.entitlement}  ${e.source}${e.sourceRef ? `:${e.sourceRef}` : ''}  ${day(e.validFrom)} → ${day(e.validUntil)}  ${state}`;
};
const auditLine = (a: AuditEntry) => `${a.at.toISOString()}  ${a.actor}  ${a.action}  user=${a.userId ?? '-'}  ${JSON.stringify(a.reason ?? '')}`;

/** Runs one command; returns the exit status (see the file header). */
export async function runAdmin(argv: string[], terminal: AdminIo): Promise<number> {
  const safe = (text: string) => text.split('\n').map(printable).join('\n');
  const io: AdminIo = { ...terminal, out: (text) => terminal.out(safe(text)), err: (text) => terminal.err(safe(text)) };
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: optionsSpec, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const { values, positionals } = parsed;
    const [command, ...args] = positionals;
    if (values.help || !command || command === 'help') {
      io.out(ADMIN_USAGE);
      return command || values.help ? 0 : 2;
    }
    const now = io.now();
    const print = <T>(rows: T[], line: (row: T) => string) => {
      if (values.json) io.out(JSON.stringify(rows, null, 2));
      else if (!rows.length) io.out('(none)');
      else for (const row of rows) io.out(line(row));
    };
    const change = (): Change => {
      const by = (values.by ?? io.env.TERRACE_ADMIN ?? '').trim();
      if (!by) throw new UsageError('Say who is making this change: --by <name> (or set TERRACE_ADMIN)');
      const reason = (values.reason ?? '').trim();
      if (!reason) throw new UsageError('A change needs a reason: --reason "…"');
      return { by, reason, at: now };
    };
    const arg = (index: number, name: string) => {
      const value = args[index]?.trim();
      if (!value) throw new UsageError(`${command} needs <${name}>`);
      return value;
    };
    const oneUser = async (ref: string): Promise<User> => {
      const found = await resolveUsers(io.db, ref);
      if (found.length === 1) return found[0]!;
      if (!found.length) throw new Refusal(`No user ${ref}`);
      throw new Refusal(`${ref} names ${found.length} users; use an account id:\n${found.map(userLine).join('\n')}`);
    };

    switch (command) {
      case 'list': {
        if (values.blocked && values.unblocked) throw new UsageError('--blocked and --unblocked exclude each other');
        const rows = await listUsers(io.db, {
          text: values.text,
          blocked: values.blocked ? true : values.unblocked ? false : undefined,
          bypassed: values.bypassed ? true : undefined,
          limit: parseOption(limit, values.limit, 'limit') ?? 100,
        });
        print(rows, userLine);
        return 0;
      }
      case 'find': {
        const text = arg(0, 'text');
        const exact = await resolveUsers(io.db, text);
        print(exact.length ? exact : await listUsers(io.db, { text, limit: parseOption(limit, values.limit, 'limit') ?? 100 }), userLine);
        return 0;
      }
      case 'show': {
        const user = await oneUser(arg(0, 'user'));
        const [grants, audit, active] = await Promise.all([
          listEntitlements(io.db, user.id),
          listAudit(io.db, { userId: user.id, limit: 20 }),
          activeEntitlementNames(io.db, user.id, now),
        ]);
        if (values.json) {
          io.out(JSON.stringify({ user, activeEntitlements: active, entitlements: grants, audit }, null, 2));
          return 0;
        }
        io.out(userLine(user));
        io.out(`active entitlements: ${active.join(', ') || '(none)'}`);
        io.out('grants:');
        for (const g of grants) io.out(`  ${grantLine(g, now)}`);
        io.out('audit:');
        for (const a of audit) io.out(`  ${auditLine(a)}`);
        return 0;
      }
      case 'block':
      case 'unblock':
      case 'bypass':
      case 'unbypass': {
        const user = await oneUser(arg(0, 'user'));
        const c = change();
        const result =
          command === 'block' || command === 'unblock'
            ? await setUserBlocked(io.db, user.id, command === 'block', c)
            : await setUserBypassed(io.db, user.id, command === 'bypass', c);
        const state = command === 'block' ? 'blocked' : command === 'unblock' ? 'not blocked' : command === 'bypass' ? 'bypassed' : 'not bypassed';
        io.out(
          result.changed
            ? `${user.email} (${user.id}) is now ${state}; recorded by ${c.by}.`
            : `${user.email} (${user.id}) was already ${state}; nothing changed.`,
        );
        return 0;
      }
      case 'grant': {
        const user = await oneUser(arg(0, 'user'));
        const entitlement = arg(1, 'entitlement');
        const c = change();
        const validFrom = parseOption(isoDate, values.from, 'from');
        const validUntil = parseOption(isoDate, values.until, 'until');
        if (validUntil && validUntil <= (validFrom ?? now)) throw new Refusal('--until must be after the grant starts');
        const { entitlement: grant } = await grantEntitlement(
          io.db,
          { userId: user.id, entitlement, source: 'admin', packageId: values.package ?? null, validFrom, validUntil },
          c,
        );
        io.out(
          `Granted ${grant.entitlement} to ${user.email} (${user.id}) from ${day(grant.validFrom)} until ${day(grant.validUntil)}; grant ${grant.id}; recorded by ${c.by}.`,
        );
        return 0;
      }
      case 'revoke': {
        const c = change();
        let grantIds: string[];
        if (values.grant) {
          grantIds = [values.grant.trim()];
        } else {
          const user = await oneUser(arg(0, 'user'));
          const entitlement = arg(1, 'entitlement');
          grantIds = (await listActiveEntitlements(io.db, user.id, now)).filter((e) => e.entitlement === entitlement).map((e) => e.id);
          if (!grantIds.length) throw new Refusal(`${user.email} holds no live grant of ${entitlement}`);
        }
        for (const id of grantIds) {
          const { entitlement, changed } = await revokeEntitlement(io.db, id, c);
          io.out(
            changed
              ? `Revoked grant ${entitlement.id} (${entitlement.entitlement}); recorded by ${c.by}.`
              : `Grant ${entitlement.id} was already revoked; nothing changed.`,
          );
        }
        return 0;
      }
      case 'audit': {
        const user = args[0] ? await oneUser(args[0]) : undefined;
        print(await listAudit(io.db, { userId: user?.id, limit: parseOption(limit, values.limit, 'limit') ?? 50 }), auditLine);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command ${command}`);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof IncompleteChangeError) {
      io.err(`${error.message}\n\n${ADMIN_USAGE}`);
      return 2;
    }
    if (error instanceof Refusal || error instanceof RecordNotFoundError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
