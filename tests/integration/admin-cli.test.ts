/**
 * The administration CLI (src/platform/admin): every command in process against an embedded
 * database, then `npm run admin`'s entry point as a real process on a file-backed one — changes
 * persist, are audited with who/when/why, and the CLI refuses to open a data folder another
 * process holds.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/platform/admin/cli.ts';
import {
  getUser,
  listAudit,
  listEntitlements,
  openDatabase,
  upsertUserBySub,
  type OpenDatabase,
  type User,
} from '../../src/platform/storage/platformStorage.ts';

const NOW = new Date('2026-11-21T15:00:00.000Z');
const run = promisify(execFile);

describe('admin commands', () => {
  let storage: OpenDatabase;
  let fan: User;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    storage = await openDatabase({ dataDir: 'memory://' });
    await storage.migrate();
  }, 60_000);
  afterAll(() => storage?.close());
  beforeEach(async () => {
    await storage.db.execute(sql`truncate table users, entitlements, audit_log restart identity cascade`);
    fan = await upsertUserBySub(storage.db, { sub: 'sub-fan', email: 'Fan@Example.com', displayName: 'Alex Fan' }, NOW);
    await upsertUserBySub(storage.db, { sub: 'sub-g', email: 'shared@example.com', displayName: 'Google' }, NOW);
    await upsertUserBySub(storage.db, { sub: 'sub-p', email: 'shared@example.com', displayName: 'Password' }, NOW);
    env = {};
  });

  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const status = await runAdmin(argv, { db: storage.db, out: (l) => out.push(l), err: (l) => err.push(l), now: () => NOW, env });
    return { status, out: out.join('\n'), err: err.join('\n') };
  }

  it('lists and finds users by id, sub, email or part of a name', async () => {
    expect((await admin('list')).out.split('\n')).toHaveLength(3);
    for (const ref of [fan.id, 'sub-fan', 'fan@example.com', 'alex']) {
      const found = await admin('find', ref);
      expect(found).toMatchObject({ status: 0 });
      expect(found.out).toContain(fan.id);
      expect(found.out.split('\n')).toHaveLength(1);
    }
    const json = JSON.parse((await admin('list', '--text', 'shared', '--json')).out) as { cognitoSub: string }[];
    expect(json.map((u) => u.cognitoSub).sort()).toEqual(['sub-g', 'sub-p']);
    expect((await admin('find', 'nobody')).out).toBe('(none)');
  });

  it('blocks and unblocks with who, when and why in the audit table', async () => {
    const blocked = await admin('block', 'fan@example.com', '--reason', 'chargeback fraud', '--by', 'sam@club.example');
    expect(blocked).toMatchObject({ status: 0 });
    expect(blocked.out).toContain('is now blocked');
    expect(await getUser(storage.db, fan.id)).toMatchObject({ blocked: true });
    expect((await admin('list', '--blocked')).out).toContain(fan.id);
    expect((await admin('block', fan.id, '--reason', 'again', '--by', 'sam')).out).toContain('already blocked');
    env.TERRACE_ADMIN = 'jo@club.example';
    expect(await admin('unblock', 'sub-fan', '--reason', 'resolved')).toMatchObject({ status: 0 });
    expect(await admin('bypass', 'sub-fan', '--reason', 'staff account')).toMatchObject({ status: 0 });
    expect(await getUser(storage.db, fan.id)).toMatchObject({ blocked: false, bypassed: true });
    const audit = await listAudit(storage.db, { userId: fan.id });
    expect(audit.map((a) => [a.action, a.actor, a.reason, a.at])).toEqual([
      ['user.bypass', 'jo@club.example', 'staff account', NOW],
      ['user.unblock', 'jo@club.example', 'resolved', NOW],
      ['user.block', 'sam@club.example', 'chargeback fraud', NOW],
    ]);
    expect((await admin('audit', fan.id)).out.split('\n')).toHaveLength(3);
    expect((await admin('unbypass', fan.id, '--reason', 'left the club', '--by', 'jo')).out).toContain('not bypassed');
  });

  it('refuses a change without a reason or without who makes it, and changes nothing', async () => {
    const noReason = await admin('block', fan.id, '--by', 'sam');
    expect(noReason.status).toBe(2);
    expect(noReason.err).toContain('--reason');
    const noActor = await admin('block', fan.id, '--reason', 'x');
    expect(noActor.status).toBe(2);
    expect(noActor.err).toContain('--by');
    expect(await getUser(storage.db, fan.id)).toMatchObject({ blocked: false });
    expect(await listAudit(storage.db)).toEqual([]);
  });

  it('refuses unknown and ambiguous users, unknown commands and options', async () => {
    expect(await admin('block', 'nobody@example.com', '--reason', 'x', '--by', 'sam')).toMatchObject({ status: 1, err: 'No user nobody@example.com' });
    const ambiguous = await admin('block', 'shared@example.com', '--reason', 'x', '--by', 'sam');
    expect(ambiguous.status).toBe(1);
    expect(ambiguous.err).toContain('names 2 users');
    expect((await admin('explode')).status).toBe(2);
    expect((await admin('list', '--colour')).status).toBe(2);
    expect((await admin('list', '--limit', 'lots')).status).toBe(2);
    expect(await admin()).toMatchObject({ status: 2 });
    expect((await admin('help')).out).toContain('Usage: npm run admin');
  });

  it('prints names and e-mails from Cognito safely: no terminal control, no forged flag', async () => {
    const hostile = await upsertUserBySub(
      storage.db,
      { sub: 'sub-hostile', email: 'evil\u202Emoc.elpmaxe@x.example', displayName: 'Sam\u001b[2J\u0007\u009b31m  BLOCKED\u202E' },
      NOW,
    );
    /** Control characters but the line feed between lines, and bidirectional overrides and isolates. */
    const unsafe = /(?!\n)[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
    for (const argv of [
      ['find', 'sub-hostile'],
      ['list'],
      ['show', hostile.id],
      ['block', 'sub-hostile', '--reason', 'x\u001b]0;pwned\u0007', '--by', 'ops'],
      ['audit'],
    ]) {
      const run = await admin(...argv);
      expect(run.out + run.err, argv.join(' ')).not.toMatch(unsafe);
    }
    const line = (await admin('find', 'sub-hostile')).out;
    expect(line).toContain('\\u001b[2J\\u0007');
    expect(line).toContain('\\u202e');
    // The name is quoted: its "BLOCKED" reads as part of the name, the account's flag is absent.
    expect(line).toMatch(/"Sam[^"]*BLOCKED[^"]*" {2}sub=sub-hostile {2}BLOCKED$/);
    await admin('unblock', 'sub-hostile', '--reason', 'test', '--by', 'ops');
    expect((await admin('find', 'sub-hostile')).out).toMatch(/" {2}sub=sub-hostile$/);
  });

  it('grants and revokes entitlements with a reason', async () => {
    const granted = await admin(
      'grant',
      fan.id,
      'tv-season',
      '--reason',
      'competition prize',
      '--by',
      'sam',
      '--package',
      'pkg-tv',
      '--until',
      '2027-06-01T00:00:00Z',
    );
    expect(granted).toMatchObject({ status: 0 });
    await admin('grant', fan.id, 'audio', '--reason', 'goodwill', '--by', 'sam');
    const grants = await listEntitlements(storage.db, fan.id);
    const tv = grants.find((g) => g.entitlement === 'tv-season');
    const audio = grants.find((g) => g.entitlement === 'audio');
    expect(tv).toMatchObject({ entitlement: 'tv-season', source: 'admin', packageId: 'pkg-tv', validFrom: NOW, validUntil: new Date('2027-06-01T00:00:00Z') });
    const shown = await admin('show', 'fan@example.com');
    expect(shown.out).toContain('active entitlements: audio, tv-season');

    expect((await admin('grant', fan.id, 'x', '--reason', 'r', '--by', 's', '--until', 'tomorrow')).status).toBe(2);
    expect((await admin('grant', fan.id, 'x', '--reason', 'r', '--by', 's', '--until', '2020-01-01T00:00:00Z')).status).toBe(1);

    expect(await admin('revoke', fan.id, 'tv-season', '--reason', 'refund', '--by', 'jo')).toMatchObject({ status: 0 });
    expect((await admin('revoke', fan.id, 'tv-season', '--reason', 'refund', '--by', 'jo')).status).toBe(1);
    expect(await admin('revoke', '--grant', audio!.id, '--reason', 'mistake', '--by', 'jo')).toMatchObject({ status: 0 });
    expect((await admin('revoke', '--grant', audio!.id, '--reason', 'mistake', '--by', 'jo')).out).toContain('already revoked');
    expect((await admin('revoke', '--grant', 'nope', '--reason', 'x', '--by', 'jo')).status).toBe(1);
    expect((await admin('show', fan.id)).out).toContain('active entitlements: (none)');
    const audit = JSON.parse((await admin('audit', fan.id, '--json')).out) as { action: string; actor: string; reason: string }[];
    expect(audit.map((a) => `${a.action} ${a.actor} ${a.reason}`)).toEqual([
      'entitlement.revoke jo mistake',
      'entitlement.revoke jo refund',
      'entitlement.grant sam goodwill',
      'entitlement.grant sam competition prize',
    ]);
  });
});

describe('npm run admin (a real process)', () => {
  let folder = '';
  let dataDir = '';
  const cli = (...argv: string[]) =>
    run(process.execPath, ['src/platform/admin/main.ts', ...argv], { env: { ...process.env, DATABASE_URL: '', TERRACE_DATA_DIR: dataDir }, timeout: 60_000 });
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'terrace-admin-'));
    dataDir = join(folder, 'data');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps changes in the data folder, and will not open it while another process holds it', async () => {
    const seed = await openDatabase({ dataDir });
    await seed.migrate();
    const user = await upsertUserBySub(seed.db, { sub: 'sub-1', email: 'one@example.com' }, NOW);
    const refused = await cli('list').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain(`is open in process ${process.pid}`);
    await seed.close();

    const blocked = await cli('block', 'one@example.com', '--reason', 'test', '--by', 'ci');
    expect(blocked.stdout).toContain('is now blocked');
    const audit = JSON.parse((await cli('audit', '--json')).stdout) as { action: string; userId: string; actor: string }[];
    expect(audit).toMatchObject([{ action: 'user.block', userId: user.id, actor: 'ci' }]);
  }, 120_000);
});
