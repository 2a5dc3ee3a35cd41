// @ts-check
/**
 * Kick-off surge benchmark (`npm run bench:matchday`): simulated supporters through T−60..T+10,
 * compressed BENCH_FACTOR times, against the platform API (./matchday-server.mjs) on PostgreSQL and
 * PGlite, stepping N until a p95 passes BENCH_P95_MS, an answer is wrong or an invariant breaks
 * (the knee); beside a bare Hono floor and each endpoint's CPU one request at a time.
 * Method and figures: docs/performance.md "Kick-off surge"; environment: docs/commands.md.
 * Prints the tables; writes reports/bench/matchday-<timestamp>.json. Exits 1 on a wrong answer, a
 * broken invariant or a failed emulator sign-in; latency past the aim only ends the stepping.
 */
import { fork } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT, importJWK } from 'jose';
import { Pool } from 'undici';
import { loadCognitoLocalSigningKey, startCognito } from '../local/cognito.mjs';
import { summariseProfile } from './cpuProfile.mjs';
import { startPostgres } from '../../tests/support/postgres.ts';
import { percentileOfSorted as percentile, seededRandom as random, sleep } from './figures.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const QUICK = env.BENCH_QUICK === '1';
const FACTOR = Number(env.BENCH_FACTOR || (QUICK ? 240 : 120));
/** @param {string} list */
const steps = (list) =>
  list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
const STEPS = {
  postgres: steps(env.BENCH_STEPS || (QUICK ? '10' : '10,20,40,80,160')),
  pglite: steps(env.BENCH_PGLITE_STEPS || (QUICK ? '10' : '10,20,40')),
};
const BACKENDS = /** @type {('postgres' | 'pglite')[]} */ (
  (env.BENCH_BACKENDS || 'postgres,pglite').split(',').filter((b) => b === 'postgres' || b === 'pglite')
);
const SAMPLE = Math.max(0, Number(env.BENCH_SIGNIN_SAMPLE || (QUICK ? 4 : 20)));
const CONNECTIONS = Math.max(1, Number(env.BENCH_CONNECTIONS || 64));
const P95_AIM_MS = Number(env.BENCH_P95_MS || 100);
const MAX_SECONDS = Number(env.BENCH_MAX_SECONDS || (QUICK ? 150 : 420));
const BASE_PORT = Number(env.BENCH_PORT || 4742);
const WORK = path.resolve(env.BENCH_DIR || path.join('/tmp/matchday', `run-${process.pid}`));
const PROFILE = env.BENCH_PROFILE === '1';
const COST_RUNS = Math.max(1, Number(env.BENCH_COST_RUNS || (QUICK ? 1 : 5)));
const STAMP = new Date().toISOString().replace(/[:.]/g, '-');

const LIMIT = 2; // STREAM_CONCURRENCY_LIMIT's default, which the server runs with
const START_MIN = -60;
const END_MIN = 10;
const HEARTBEAT_S = 30;
const LEASE_S = 75;
const FLOOR_PROBE_PER_S = 20;
/** Fewest answers whose p95 decides the knee. */
const MIN_SAMPLES = 20;
const SAMPLE_PASSWORD = 'Matchday-Bench-1';
const ENTITLEMENTS = ['subscription-audio', 'subscription-video'];
/** Real milliseconds of one compressed second. */
const MS = 1000 / FACTOR;
const CORE_ENDPOINTS = ['session check', 'heartbeat', 'entitlements'];

// ---------------------------------------------------------------------------------------------
// Bounded lifetime and clean-up: every child and folder this run makes is undone here.

/** @type {(() => Promise<void> | void)[]} */
const cleanups = [];
let cleaning = false;
async function cleanUp() {
  if (cleaning) return;
  cleaning = true;
  for (const undo of cleanups.reverse()) {
    try {
      await undo();
    } catch {
      /* best effort */
    }
  }
  rmSync(WORK, { recursive: true, force: true });
}
let aborted = '';
/** @param {string} why */
function abort(why) {
  if (aborted) return;
  aborted = why;
  console.error(`\nmatchday: ${why}; cleaning up`);
  void cleanUp().then(() => process.exit(why.startsWith('interrupted') ? 130 : 1));
}
process.on('SIGINT', () => abort('interrupted (SIGINT)'));
process.on('SIGTERM', () => abort('interrupted (SIGTERM)'));
const deadline = setTimeout(() => abort(`time limit of ${MAX_SECONDS} s reached`), MAX_SECONDS * 1000);
deadline.unref();

// ---------------------------------------------------------------------------------------------
// Small tools.

/** Resolves at performance.now() ≥ `when`. @param {number} when */
const sleepUntil = async (when) => {
  // A timer may fire a fraction of a millisecond early; latencies count from `when`.
  while (performance.now() < when) await sleep(when - performance.now());
};

/** @param {number} ms */
const fmt = (ms) => (Number.isFinite(ms) ? (ms < 10 ? ms.toFixed(1) : String(Math.round(ms))) : '–');

/** CPU seconds (user + system) of a process from /proc, or 0 when it is gone. @param {number} pid */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** The PostgreSQL server's processes: the postmaster listening on `port` and its children. @param {number} port */
function postgresPids(port) {
  /** @type {{ pid: number, ppid: number, cmd: string }[]} */
  const all = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      all.push({ pid: Number(entry), ppid, cmd });
    } catch {
      /* gone */
    }
  }
  const master = all.find((p) => p.cmd.includes('postgres') && p.cmd.includes(`-p ${port}`));
  return master ? [master.pid, ...all.filter((p) => p.ppid === master.pid).map((p) => p.pid)] : [];
}

/** The API's own request log (one JSON line per request with its `ms`) from byte `from`: p50 / p95 by endpoint. @param {string} file @param {number} from */
function serverTimes(file, from) {
  const size = statSync(file).size;
  const buffer = Buffer.alloc(Math.max(0, size - from));
  const fd = openSync(file, 'r');
  readSync(fd, buffer, 0, buffer.length, from);
  closeSync(fd);
  /** @type {Record<string, number[]>} */
  const byEndpoint = {};
  const names = { '/api/session/check': 'session check', '/api/session/heartbeat': 'heartbeat', '/api/session/release': 'release' };
  for (const line of buffer.toString('utf8').split('\n')) {
    if (!line.includes('"msg":"request"')) continue;
    try {
      const entry = JSON.parse(line);
      const name = entry.path?.startsWith('/api/users/entitlements/') ? 'entitlements' : names[/** @type {keyof typeof names} */ (entry.path)];
      if (name) (byEndpoint[name] ??= []).push(Number(entry.ms));
    } catch {
      /* a partial line */
    }
  }
  return Object.fromEntries(
    Object.entries(byEndpoint).map(([name, times]) => {
      times.sort((a, b) => a - b);
      return [name, { p50: percentile(times, 50), p95: percentile(times, 95) }];
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Recording answers.

/**
 * @typedef {object} EndpointStats
 * @property {number[]} latencies ms from the intended send time to the end of the answer
 * @property {number} requests
 * @property {Record<string, number>} unexpected wrong answers by `status code` (errors)
 * @property {number} shed coded 429 / 503 with Retry-After (allowed)
 * @property {number} refused right refusals (coded 403s and empty entitlement lists the scenario expects)
 * @property {number} lapsed heartbeats that found their lease lapsed on the compressed clock after a late beat
 * @property {Map<number, number>} perSecond requests by wall second of the step
 */

class Recorder {
  constructor() {
    /** @type {Map<string, EndpointStats>} */
    this.endpoints = new Map();
    /** @type {string[]} */
    this.violations = [];
    this.leaseSamples = 0;
    this.lostLive = 0;
    this.lapsedLate = 0;
    /** @type {string[]} */
    this.lapses = [];
    this.maxLiveLeases = 0;
    this.startedAt = performance.now();
  }
  /** @param {string} name @returns {EndpointStats} */
  of(name) {
    let stats = this.endpoints.get(name);
    if (!stats) {
      stats = { latencies: [], requests: 0, unexpected: {}, shed: 0, refused: 0, lapsed: 0, perSecond: new Map() };
      this.endpoints.set(name, stats);
    }
    return stats;
  }
  /** @param {string} name @param {number} ms @param {'ok' | 'refused' | 'shed' | string} outcome */
  record(name, ms, outcome) {
    const stats = this.of(name);
    stats.requests += 1;
    stats.latencies.push(ms);
    const second = Math.floor((performance.now() - this.startedAt) / 1000);
    stats.perSecond.set(second, (stats.perSecond.get(second) ?? 0) + 1);
    if (outcome === 'refused') stats.refused += 1;
    else if (outcome === 'lapsed') stats.lapsed += 1;
    else if (outcome === 'shed') stats.shed += 1;
    else if (outcome !== 'ok') stats.unexpected[outcome] = (stats.unexpected[outcome] ?? 0) + 1;
  }
  /** @param {string} what */
  violation(what) {
    if (this.violations.length < 1000) this.violations.push(what);
  }
}

// ---------------------------------------------------------------------------------------------
// The load driver: one undici Pool of keep-alive connections, JSON in and out.

/**
 * @typedef {object} Answer
 * @property {number} status 0 for a network error
 * @property {any} json the parsed body (undefined when none or not JSON)
 * @property {string | undefined} retryAfter
 * @property {string[]} setCookie
 */

/**
 * @param {Pool} pool
 * @param {{ method: 'GET' | 'POST', path: string, cookie?: string, client: string, body?: unknown, origin: string }} request
 * @returns {Promise<Answer>}
 */
async function send(pool, request) {
  /** @type {Record<string, string>} */
  const headers = { 'x-bench-client': request.client, accept: 'application/json' };
  if (request.cookie) headers.cookie = request.cookie;
  if (request.method === 'POST') {
    headers.origin = request.origin;
    headers['content-type'] = 'application/json';
  }
  try {
    const res = await pool.request({
      method: request.method,
      path: request.path,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const text = await res.body.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const retryAfter = res.headers['retry-after'];
    const cookies = res.headers['set-cookie'];
    return {
      status: res.statusCode,
      json,
      retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
      setCookie: cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [cookies],
    };
  } catch {
    return { status: 0, json: undefined, retryAfter: undefined, setCookie: [] };
  }
}

/** The code of an answer: the API envelope's error.code, a stream refusal's errors[0].code. @param {Answer} a */
const codeOf = (a) => a.json?.error?.code ?? a.json?.errors?.[0]?.code ?? '';
/** A coded 429 / 503 with Retry-After: the only error the aim allows. @param {Answer} a */
const isShed = (a) => (a.status === 429 || a.status === 503) && Boolean(a.retryAfter) && codeOf(a) !== '';
/** @param {Answer} a */
const label = (a) =>
  `${a.status || 'network'}${codeOf(a) ? ` ${codeOf(a)}` : ''}${(a.status === 429 || a.status === 503) && !a.retryAfter ? ' (no Retry-After)' : ''}`;

// ---------------------------------------------------------------------------------------------
// Accounts and their session cookies.

/**
 * @typedef {object} Account
 * @property {string} sub Cognito subject
 * @property {string} email
 * @property {string} name
 * @property {boolean} grant holds the season pass
 * @property {string} [cookie] session cookies (minted, or from a sign-in)
 * @property {string} [id] our user id (from the server)
 * @property {string} [password] emulator accounts only
 */

/**
 * Session cookies the way the API's session layer accepts them (src/accounts/server/signedInSession.ts): an id token
 * and an access token, RS256 with cognito-local's key (kid, issuer and app client of the emulator's
 * pool), valid for the whole run — the same verification path as tokens from a real sign-in.
 * @param {Account[]} accounts
 * @param {{ issuer: string, clientId: string }} pool
 */
async function mintSessions(accounts, pool) {
  const key = loadCognitoLocalSigningKey();
  const privateKey = await importJWK(key.privateJwk, 'RS256');
  const issuedAt = Math.floor(Date.now() / 1000);
  const exp = issuedAt + 7 * 86_400; // the API's clock runs FACTOR× faster; a week covers any run
  for (const account of accounts) {
    const originJti = randomUUID();
    /** @param {import('jose').JWTPayload} claims @param {string} [audience] */
    const sign = (claims, audience) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: key.kid })
        .setSubject(account.sub)
        .setIssuer(pool.issuer)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .setJti(randomUUID());
      return (audience ? jwt.setAudience(audience) : jwt).sign(privateKey);
    };
    const access = await sign({
      client_id: pool.clientId,
      origin_jti: originJti,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: issuedAt,
      username: account.sub,
    });
    const id = await sign(
      {
        token_use: 'id',
        origin_jti: originJti,
        auth_time: issuedAt,
        email: account.email,
        email_verified: true,
        name: account.name,
        'cognito:username': account.sub,
      },
      pool.clientId,
    );
    account.cookie = `tr_id=${id}; tr_access=${access}`;
  }
}

/** Cookies of a sign-in answer (name=value of tr_id and tr_access). @param {string[]} setCookie */
function sessionCookieOf(setCookie) {
  return setCookie
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => /^(?:__Secure-)?tr_(?:id|access)=/.test(pair))
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
// The server under test.

/**
 * Starts scripts/bench/matchday-server.mjs for one backend; resolves once it listens (after
 * seeding) with the seeded accounts' ids.
 * @param {{ backend: 'postgres' | 'pglite', port: number, databaseUrl?: string, accountsFile: string, cognito: { endpoint: string, userPoolId: string, clientId: string, region: string }, signingKey: string }} options
 */
async function startServer(options) {
  const logFile = path.join(WORK, `server-${options.backend}.log`);
  const log = openSync(logFile, 'a');
  const child = fork(path.join(ROOT, 'scripts/bench/matchday-server.mjs'), [], {
    cwd: ROOT,
    execArgv: (env.BENCH_SERVER_NODE_ARGS || '').split(' ').filter(Boolean),
    stdio: ['ignore', log, log, 'ipc'],
    env: {
      PATH: env.PATH,
      HOME: env.HOME,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      BENCH_CLOCK_FACTOR: String(FACTOR),
      BENCH_PORT: String(options.port),
      BENCH_ACCOUNTS: options.accountsFile,
      ...(options.databaseUrl ? { BENCH_DATABASE_URL: options.databaseUrl } : { BENCH_PGLITE_DIR: path.join(WORK, 'pglite') }),
      SITE_URL: `http://127.0.0.1:${options.port}`,
      COGNITO_ENDPOINT: options.cognito.endpoint,
      COGNITO_REGION: options.cognito.region,
      COGNITO_USER_POOL_ID: options.cognito.userPoolId,
      COGNITO_CLIENT_ID: options.cognito.clientId,
      PLAYBACK_SIGNING_KEYS: `matchday:${options.signingKey}`,
      STREAM_CONCURRENCY_LIMIT: String(LIMIT),
      ...(PROFILE ? { BENCH_PROFILE: '1' } : {}),
    },
  });
  closeSync(log);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  };
  cleanups.push(stop);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${options.backend} server did not start in 180 s (see ${logFile})`)), 180_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${options.backend} server exited (${code}): ${readFileSync(logFile, 'utf8').slice(-2000)}`));
    });
  });
  const origin = `http://127.0.0.1:${options.port}`;
  const control = new Pool(origin, { connections: 2 });
  cleanups.push(() => control.close());
  const res = await control.request({ method: 'GET', path: '/__bench/accounts' });
  /** @type {{ accounts: { sub: string, id: string }[], seedMs: number, kind: string }} */
  const seeded = /** @type {any} */ (await res.body.json());
  return { child, stop, origin, control, seeded, logFile };
}

// ---------------------------------------------------------------------------------------------
// One step: N supporters through the compressed match day.

/**
 * A supporter's screens that hold a lease: how many, and when each one's last renewal (its check,
 * then each beat answered continue:true) was sent.
 * @typedef {{ n: number, renewed: Set<{ from: number }> }} Alive
 */

/**
 * @typedef {object} StepResult
 * @property {number} n
 * @property {Record<string, { requests: number, rps: number, peakRps: number, p50: number, p95: number, p99: number, unexpected: Record<string, number>, shed: number, refused: number, lapsed: number }>} endpoints
 * @property {string[]} violations
 * @property {string[]} lapses the first leases that lapsed after late beats (not violations)
 * @property {{ samples: number, maxLive: number, overLimit: number, missingEntitlements: number, lostLive: number, lapsedLate: number }} invariants
 * @property {Record<string, { p50: number, p95: number }>} server time inside the API (its request log's ms), by endpoint
 * @property {number[]} load the machine's 1-minute load average at the step's start and end
 * @property {number[]} cpuPressure /proc/pressure/cpu "some avg10" (% of time a task waited for a CPU) at the step's start and end
 * @property {number} wallS
 * @property {{ server: number, postgres: number, driver: number }} cpu cores busy on average
 * @property {number} driverLagP99 the load driver's event-loop delay p99 (ms)
 * @property {boolean} broken
 * @property {string[]} why
 */

/**
 * @param {{ n: number, accounts: Account[], origin: string, control: Pool, serverPid: number, pgPort?: number, seed: number, logFile: string }} options
 * @returns {Promise<StepResult>}
 */
async function runStep({ n, accounts, origin, control, serverPid, pgPort, seed, logFile }) {
  const logFrom = statSync(logFile).size;
  const loadStart = os.loadavg()[0] ?? 0;
  const pressureStart = cpuPressure();
  const rec = new Recorder();
  const rng = random(seed);
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 10_000 });
  const probe = new Pool(origin, { connections: 2 });
  const t0 = performance.now() + 300;
  rec.startedAt = t0;
  /** Wall time (performance.now) of a compressed match minute. @param {number} minute */
  const wall = (minute) => t0 + (minute - START_MIN) * 60 * MS;
  const endWall = wall(END_MIN);
  const period = HEARTBEAT_S * MS;
  const pubSize = Math.min(30, Math.floor(n / 10));

  /**
   * @param {string} name @param {Account} account @param {string} client @param {number} intended
   * @param {{ method: 'GET' | 'POST', path: string, body?: unknown }} request
   */
  const call = async (name, account, client, intended, request) => {
    await sleepUntil(intended);
    const answer = await send(pool, { ...request, cookie: account.cookie, client, origin });
    return { answer, ms: performance.now() - intended };
  };

  /**
   * One screen: a session check, then heartbeats every 30 s until it stops (release at `stopAt`
   * when `release`), or T+10.
   * @param {{ account: Account, client: string, videoID: string, mediaType: string, at: number, expect: 'grant' | 'ERR_54648_1' | 'ERR_3684853_3' | 'either', stopAt?: number, release?: boolean, tag: string, alive: Alive }} screen
   * @returns {Promise<boolean>} granted
   */
  const playScreen = async (screen) => {
    let at = screen.at;
    /** @type {Answer | undefined} */
    let answer;
    for (let attempt = 0; attempt < 4; attempt++) {
      const r = await call('session check', screen.account, screen.client, at, {
        method: 'POST',
        path: '/api/session/check',
        body: { data: { attributes: { videoID: screen.videoID, mediaType: screen.mediaType, userID: screen.account.id, userEmail: screen.account.email } } },
      });
      answer = r.answer;
      const code = codeOf(answer);
      if (answer.status === 200) {
        // Screens whose last renewal was sent less than a lease ago when this answer came were
        // certainly live while the server decided: LIMIT of them make this grant an over-grant. (A
        // screen whose beats came late may have lapsed meanwhile, and then the grant is right.)
        const answeredAt = performance.now();
        const surelyLive = [...screen.alive.renewed].filter((other) => other.from + LEASE_S * MS > answeredAt).length;
        const overGrant = (screen.expect === 'ERR_54648_1' || screen.expect === 'either') && surelyLive >= LIMIT;
        const wrong = overGrant || screen.expect === 'ERR_3684853_3';
        rec.record('session check', r.ms, wrong ? 'unexpected 200' : 'ok');
        if (overGrant) rec.violation(`over-grant: ${screen.account.sub} got a ${screen.tag} while ${surelyLive} screens were surely live`);
        if (screen.expect === 'ERR_3684853_3') rec.violation(`entitlement: ${screen.account.sub} without a pass was granted a stream`);
        break;
      }
      if (answer.status === 403 && (code === screen.expect || (screen.expect === 'either' && code === 'ERR_54648_1'))) {
        rec.record('session check', r.ms, 'refused');
        return false;
      }
      if (isShed(answer)) {
        rec.record('session check', r.ms, 'shed');
        at = performance.now() + Number(answer.retryAfter) * MS;
        continue;
      }
      rec.record('session check', r.ms, label(answer));
      if (answer.status === 403 && code === 'ERR_3684853_3') rec.violation(`entitlement missing: ${screen.account.sub} was refused as not subscribed`);
      if (answer.status === 403 && code === 'ERR_54648_1')
        rec.violation(`refused within the limit: ${screen.account.sub} (${screen.tag}) with ${screen.alive.n} playing`);
      return false;
    }
    if (answer?.status !== 200) return false;
    const leaseID = String(answer.json?.data?.attributes?.leaseID ?? '');
    const grantedAt = performance.now();
    /** When the last renewal (the check, then each beat answered continue:true) was sent: the lease lived at least LEASE_S from then. */
    const renewal = { from: at };
    screen.alive.renewed.add(renewal);
    screen.alive.n += 1;
    const stopAt = Math.min(screen.stopAt ?? endWall, endWall);
    let lost = false;
    let lapsed = false;
    for (let next = grantedAt + period; next < stopAt; next += period) {
      const r = await call('heartbeat', screen.account, screen.client, next, {
        method: 'POST',
        path: '/api/session/heartbeat',
        body: { data: { attributes: { leaseID } } },
      });
      if (r.answer.status === 200 && r.answer.json?.data?.attributes?.continue === true) {
        rec.record('heartbeat', r.ms, 'ok');
        renewal.from = next;
      } else if (isShed(r.answer)) rec.record('heartbeat', r.ms, 'shed');
      else if (r.answer.status === 200) {
        const a = r.answer.json?.data?.attributes ?? {};
        // Answered within the lease's life counted from the last renewal's sending: the server lost a
        // live lease — a defect, and a violation. Otherwise the beat reached it after the lease had
        // lapsed on the compressed clock: an answer (or the one before) took longer than the lease's
        // compressed slack (45 s ÷ FACTOR of wall time; 375 ms at 120×), which at real speed would
        // be 45 s. That is latency, judged by the p95/p99 columns, and is counted apart ('lapsed').
        const sinceRenewal = performance.now() - renewal.from;
        const live = sinceRenewal < LEASE_S * MS;
        rec.record('heartbeat', r.ms, live ? `200 continue:false ${a.code ?? ''}` : 'lapsed');
        const what =
          `${screen.account.sub} (${screen.tag}) ${a.reason}/${a.code} after ${Math.round((next - grantedAt) / period)} beats; ` +
          `${Math.round(sinceRenewal)} ms since the last renewal was sent (lease ${Math.round(LEASE_S * MS)} ms)`;
        if (live) {
          rec.lostLive += 1;
          rec.violation(`lease lost while live: ${what}`);
        } else {
          rec.lapsedLate += 1;
          if (rec.lapses.length < 5) rec.lapses.push(`lease lapsed after a late beat: ${what}`);
          lapsed = true;
        }
        lost = true;
        break;
      } else rec.record('heartbeat', r.ms, label(r.answer));
      // a beat answered after the next one was due is sent at once (the loop's `call` does not wait)
    }
    screen.alive.n -= 1;
    screen.alive.renewed.delete(renewal);
    if (screen.release && !lost && stopAt < endWall) {
      const r = await call('release', screen.account, screen.client, stopAt, {
        method: 'POST',
        path: '/api/session/release',
        body: { data: { attributes: { leaseID } } },
      });
      rec.record('release', r.ms, r.answer.status === 204 ? 'ok' : isShed(r.answer) ? 'shed' : label(r.answer));
    }
    // As a player does after `expired`: a new session check, which may get a place again.
    if (lapsed && performance.now() + period < stopAt) {
      await playScreen({ ...screen, at: performance.now(), expect: screen.alive.n >= LIMIT ? 'either' : 'grant', tag: `${screen.tag} again` });
    }
    return true;
  };

  /** @param {Account} account @param {number} i */
  const supporter = async (account, i) => {
    const client = i < pubSize ? '198.18.255.254' : `198.18.${(i >> 8) & 255}.${(i & 255) + 1}`;
    const u = rng();
    const arrival = u < 0.15 ? -60 + rng() * 40 : u < 0.6 ? -20 + rng() * 17 : -3 + rng() * 8;
    /** @type {Alive} */
    const alive = { n: 0, renewed: new Set() };
    // Entitlements (what the site asks on sign-in and on the video pages).
    const e = await call('entitlements', account, client, wall(arrival), { method: 'GET', path: `/api/users/entitlements/${account.id}` });
    if (account.grant) {
      const names = e.answer.json?.data?.attributes?.entitlements;
      const ok = e.answer.status === 200 && Array.isArray(names) && ENTITLEMENTS.every((x) => names.includes(x));
      rec.record('entitlements', e.ms, ok ? 'ok' : isShed(e.answer) ? 'shed' : label(e.answer));
      if (!ok && !isShed(e.answer)) rec.violation(`entitlement missing in the answer for ${account.sub}: ${label(e.answer)}`);
    } else {
      rec.record(
        'entitlements',
        e.ms,
        e.answer.status === 200 && e.answer.json?.data?.attributes?.entitlements?.length === 0 ? 'refused' : isShed(e.answer) ? 'shed' : label(e.answer),
      );
    }
    const start = arrival + 0.1 + rng() * 0.9;
    if (!account.grant) {
      await playScreen({
        account,
        client,
        videoID: 'live-first-team',
        mediaType: 'DrmLiveVideo',
        at: wall(start),
        expect: 'ERR_3684853_3',
        tag: 'no pass',
        alive,
      });
      return;
    }
    const second = rng() < 0.25;
    const third = second && rng() < 0.4; // 10% of all pass holders
    const stops = !third && rng() < 0.15;
    const restarts = stops && rng() < 0.5;
    const stopMinute = start + 2 + rng() * Math.max(0, END_MIN - start - 2);
    /** @type {Promise<unknown>[]} */
    const screens = [
      playScreen({
        account,
        client,
        videoID: 'live-first-team',
        mediaType: 'DrmLiveVideo',
        at: wall(start),
        expect: 'grant',
        tag: 'screen 1',
        alive,
        ...(stops ? { stopAt: wall(stopMinute), release: true } : {}),
      }).then(async (granted) => {
        if (!granted || !restarts) return;
        const again = stopMinute + 1 + rng() * 4;
        if (again < END_MIN)
          await playScreen({ account, client, videoID: 'live-first-team', mediaType: 'DrmLiveVideo', at: wall(again), expect: 'grant', tag: 'restart', alive });
      }),
    ];
    if (second) {
      const secondMinute = Math.min(start + 1 + rng() * 14, END_MIN - 1);
      screens.push(
        (async () => {
          await sleepUntil(wall(secondMinute) - 1);
          if (secondMinute <= start) return;
          const thirdMinute = secondMinute + 0.5 + rng() * 2.5;
          const secondScreen = playScreen({
            account,
            client,
            videoID: 'live-first-team-clear',
            mediaType: 'DrmLiveVideo',
            at: wall(secondMinute),
            expect: alive.n >= LIMIT ? 'either' : 'grant',
            tag: 'screen 2',
            alive,
          });
          if (third && thirdMinute < END_MIN) {
            await sleepUntil(wall(thirdMinute) - 1);
            // Beyond the limit only while both screens play; otherwise a grant is right.
            await playScreen({
              account,
              client,
              videoID: 'live-first-team',
              mediaType: 'DrmLiveVideo',
              at: wall(thirdMinute),
              expect: alive.n >= LIMIT ? 'ERR_54648_1' : 'either',
              tag: 'screen 3',
              alive,
              stopAt: wall(thirdMinute) + period / 2,
              release: true,
            });
          }
          await secondScreen;
        })(),
      );
    }
    await Promise.all(screens);
  };

  // The floor, probed beside the load; the leases table, sampled beside the load.
  let running = true;
  /** @type {number[]} */
  const floor = [];
  const floorProbe = (async () => {
    for (let next = t0; running && next < endWall; next += 1000 / FLOOR_PROBE_PER_S) {
      await sleepUntil(next);
      const res = await send(probe, { method: 'GET', path: '/__floor', client: '127.0.0.1', origin });
      if (res.status === 200) floor.push(performance.now() - next);
    }
  })();
  let maxOver = 0;
  const sampler = (async () => {
    while (running) {
      await sleep(250);
      try {
        const res = await control.request({ method: 'GET', path: '/__bench/leases' });
        /** @type {{ overLimit: { user_id: string, n: number }[], live: number }} */
        const snap = /** @type {any} */ (await res.body.json());
        rec.leaseSamples += 1;
        rec.maxLiveLeases = Math.max(rec.maxLiveLeases, snap.live);
        maxOver = Math.max(maxOver, snap.overLimit.length);
        for (const over of snap.overLimit) rec.violation(`over the limit (sampled): account ${over.user_id} held ${over.n} live leases`);
      } catch {
        /* the sampler must not end the step */
      }
    }
  })();

  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const pgStart = new Map((pgPort ? postgresPids(pgPort) : []).map((pid) => [pid, cpuSeconds(pid)]));
  const cpuStart = { server: cpuSeconds(serverPid), driver: process.cpuUsage() };
  const wallStart = performance.now();
  const progress = env.BENCH_DEBUG
    ? setInterval(
        () => console.log(`  … ${((performance.now() - t0) / 1000).toFixed(0)} s: ${[...rec.endpoints].map(([k, v]) => `${k} ${v.requests}`).join(', ')}`),
        2000,
      )
    : undefined;
  await Promise.all(accounts.slice(0, n).map((account, i) => supporter(account, i)));
  const wallS = (performance.now() - wallStart) / 1000;
  clearInterval(progress);
  const cpu = {
    server: (cpuSeconds(serverPid) - cpuStart.server) / wallS,
    // Every server process alive at the end, less what it had used at the start (0 for new ones).
    postgres: (pgPort ? postgresPids(pgPort) : []).reduce((sum, pid) => sum + cpuSeconds(pid) - (pgStart.get(pid) ?? 0), 0) / wallS,
    driver: (() => {
      const used = process.cpuUsage(cpuStart.driver);
      return (used.user + used.system) / 1e6 / wallS;
    })(),
  };
  lag.disable();
  running = false;
  await Promise.all([floorProbe, sampler]);
  // At the end, straight from the database, before the last leases lapse.
  const auditRes = await control.request({ method: 'GET', path: '/__bench/audit' });
  /** @type {{ overLimit: { user_id: string, n: number }[], live: number, missingEntitlements: string[] }} */
  const audit = /** @type {any} */ (await auditRes.body.json());
  for (const over of audit.overLimit) rec.violation(`over the limit (at the end): account ${over.user_id} held ${over.n} live leases`);
  for (const id of audit.missingEntitlements) rec.violation(`entitlement missing in the database: ${id}`);
  await Promise.all([pool.close(), probe.close()]);
  // Let every lease of this step lapse (75 s of the API's clock) before the next step.
  await sleep(LEASE_S * MS + 300);

  floor.sort((a, b) => a - b);
  const floorP50 = percentile(floor, 50);
  /** @type {StepResult['endpoints']} */
  const endpoints = {};
  for (const [name, stats] of rec.endpoints) {
    const sorted = [...stats.latencies].sort((a, b) => a - b);
    endpoints[name] = {
      requests: stats.requests,
      rps: stats.requests / wallS,
      peakRps: Math.max(0, ...stats.perSecond.values()),
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      unexpected: stats.unexpected,
      shed: stats.shed,
      refused: stats.refused,
      lapsed: stats.lapsed,
    };
  }
  endpoints.floor = {
    requests: floor.length,
    rps: floor.length / wallS,
    peakRps: FLOOR_PROBE_PER_S,
    p50: floorP50,
    p95: percentile(floor, 95),
    p99: percentile(floor, 99),
    unexpected: {},
    shed: 0,
    refused: 0,
    lapsed: 0,
  };
  /** @type {string[]} */
  const why = [];
  for (const name of CORE_ENDPOINTS) {
    const e = endpoints[name];
    // A p95 of fewer than MIN_SAMPLES answers is its maximum: it is shown, not judged.
    if (e && e.requests >= MIN_SAMPLES && e.p95 >= P95_AIM_MS) why.push(`${name} p95 ${fmt(e.p95)} ms`);
  }
  const wrong = Object.entries(endpoints).reduce((s, [, e]) => s + Object.values(e.unexpected).reduce((a, b) => a + b, 0), 0);
  const total = Object.values(endpoints).reduce((s, e) => s + e.requests, 0);
  const shed = Object.values(endpoints).reduce((s, e) => s + e.shed, 0);
  if (wrong > 0) why.push(`${wrong} wrong answers`);
  if (shed > total * 0.01) why.push(`${shed} shed (429/503) of ${total}`);
  if (rec.violations.length) why.push(`${rec.violations.length} invariant violations`);
  return {
    n,
    endpoints,
    violations: rec.violations,
    lapses: rec.lapses,
    invariants: {
      samples: rec.leaseSamples,
      maxLive: rec.maxLiveLeases,
      overLimit: maxOver + audit.overLimit.length,
      missingEntitlements: audit.missingEntitlements.length,
      lostLive: rec.lostLive,
      lapsedLate: rec.lapsedLate,
    },
    server: serverTimes(logFile, logFrom),
    load: [loadStart, os.loadavg()[0] ?? 0],
    cpuPressure: [pressureStart, cpuPressure()],
    wallS,
    cpu,
    driverLagP99: lag.percentile(99) / 1e6,
    broken: why.length > 0,
    why,
  };
}

// ---------------------------------------------------------------------------------------------
// Warm-up, floor capacity and the emulator's sign-ins.

/**
 * Warms the API's code paths (JIT, lazily built services) before the clock is compressed: five
 * accounts each check entitlements, start a stream, beat 20 times and release it.
 * @param {Account[]} accounts @param {string} origin
 */
async function warmUp(accounts, origin) {
  const pool = new Pool(origin, { connections: 5 });
  await Promise.all(
    accounts.map(async (account, i) => {
      const base = { cookie: account.cookie, client: `198.19.1.${i + 1}`, origin };
      await send(pool, { ...base, method: 'GET', path: `/api/users/entitlements/${account.id}` });
      const check = await send(pool, {
        ...base,
        method: 'POST',
        path: '/api/session/check',
        body: { data: { attributes: { videoID: 'live-first-team', mediaType: 'DrmLiveVideo' } } },
      });
      const leaseID = check.json?.data?.attributes?.leaseID;
      if (!leaseID) throw new Error(`warm-up session check failed: ${label(check)}`);
      for (let beat = 0; beat < 20; beat++)
        await send(pool, { ...base, method: 'POST', path: '/api/session/heartbeat', body: { data: { attributes: { leaseID } } } });
      await send(pool, { ...base, method: 'POST', path: '/api/session/release', body: { data: { attributes: { leaseID } } } });
    }),
  );
  await pool.close();
}

/**
 * Each endpoint's cost one request at a time (no concurrency): latency p50 and the server's CPU per
 * request (/proc, server process; plus PostgreSQL's processes when `pgPort`): the capacity
 * estimate that depends least on what else the machine runs. Measured COST_RUNS times: the
 * medians, with the CPU figures' min–max.
 * @param {Account[]} accounts pass holders @param {string} origin @param {number} serverPid @param {number | undefined} pgPort
 */
async function serviceCost(accounts, origin, serverPid, pgPort) {
  const pool = new Pool(origin, { connections: 1 });
  /** @type {Record<string, { p50: number, cpuMs: number, pgMs: number, n: number }>} */
  let costs = {};
  /** @type {(typeof costs)[]} */
  const runs = [];
  const pgCpu = () => (pgPort ? postgresPids(pgPort) : []).reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  /** @param {string} name @param {number} n @param {(i: number) => Promise<void>} one */
  const measure = async (name, n, one) => {
    /** @type {number[]} */
    const times = [];
    const cpu0 = cpuSeconds(serverPid);
    const pg0 = pgCpu();
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await one(i);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    costs[name] = { p50: percentile(times, 50), cpuMs: ((cpuSeconds(serverPid) - cpu0) * 1000) / n, pgMs: ((pgCpu() - pg0) * 1000) / n, n };
  };
  const base = (/** @type {Account} */ account, /** @type {number} */ i) => ({ cookie: account.cookie, client: `198.19.2.${(i % 250) + 1}`, origin });
  const pick = (/** @type {number} */ i) => /** @type {Account} */ (accounts[i % accounts.length]);
  for (let run = 0; run < COST_RUNS; run++) {
    costs = {};
    await measure('entitlements', 100, async (i) => {
      await send(pool, { ...base(pick(i), i), method: 'GET', path: `/api/users/entitlements/${pick(i).id}` });
    });
    /** @type {string[]} */
    const leases = [];
    await measure('session check', 30, async (i) => {
      const answer = await send(pool, {
        ...base(pick(i), i),
        method: 'POST',
        path: '/api/session/check',
        body: { data: { attributes: { videoID: 'live-first-team', mediaType: 'DrmLiveVideo' } } },
      });
      leases.push(String(answer.json?.data?.attributes?.leaseID ?? ''));
    });
    await measure('heartbeat', 150, async (i) => {
      await send(pool, {
        ...base(pick(i % 30), i % 30),
        method: 'POST',
        path: '/api/session/heartbeat',
        body: { data: { attributes: { leaseID: leases[i % 30] } } },
      });
    });
    await measure('release', 30, async (i) => {
      await send(pool, { ...base(pick(i), i), method: 'POST', path: '/api/session/release', body: { data: { attributes: { leaseID: leases[i] } } } });
    });
    await measure('floor', 150, async () => {
      await send(pool, { method: 'GET', path: '/__floor', client: '127.0.0.1', origin });
    });
    runs.push(costs);
  }
  await pool.close();
  const median = (/** @type {number[]} */ values) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  return Object.fromEntries(
    Object.keys(runs[0] ?? {}).map((name) => {
      const of = (/** @type {'p50' | 'cpuMs' | 'pgMs'} */ field) => runs.map((r) => r[name]?.[field] ?? NaN);
      return [
        name,
        {
          p50: median(of('p50')),
          cpuMs: median(of('cpuMs')),
          cpuRange: [Math.min(...of('cpuMs')), Math.max(...of('cpuMs'))],
          pgMs: median(of('pgMs')),
          pgRange: [Math.min(...of('pgMs')), Math.max(...of('pgMs'))],
          n: runs[0]?.[name]?.n ?? 0,
          runs: runs.length,
        },
      ];
    }),
  );
}

/** What the API process's CPU profile is split into, in order of precedence (scripts/bench/cpuProfile.mjs). */
const PROFILE_CATEGORIES = /** @type {[string, RegExp][]} */ ([
  ['playback token signing (jose)', /jws_sign|SignJWT|sign\.js/],
  ['session token verification (jose)', /jws_verify|jwt_claims_set|jwtVerify|verify\.js|jwks/],
  ['database driver and socket (pg)', /node_modules\/(pg|pg-pool|pg-protocol|pg-types|pgpass|postgres-[a-z]+)\//],
  ['query building and row mapping (drizzle)', /node_modules\/drizzle-orm\//],
  ['validation (zod)', /node_modules\/zod\//],
  ['request log', /createJsonLogger|requestLog/],
  ['HTTP and routing (node:http, @hono/node-server, hono)', /node_modules\/(hono|@hono)\/|node:_http|node:net|node:internal\/(streams|http)/],
  ['garbage collection', /\(garbage collector\)/],
]);

/**
 * BENCH_PROFILE=1: a CPU profile of the API process over 300 sequential requests of each hot
 * endpoint (entitlements, a re-check of a held lease, heartbeat), printed by category and saved.
 * @param {Account[]} accounts pass holders @param {string} origin @param {Pool} control @param {string} backend
 */
async function profileEndpoints(accounts, origin, control, backend) {
  const pool = new Pool(origin, { connections: 1 });
  const base = (/** @type {number} */ i) => {
    const account = /** @type {Account} */ (accounts[i % accounts.length]);
    return { account, cookie: account.cookie, client: `198.19.3.${(i % 250) + 1}`, origin };
  };
  /** @type {string[]} */
  const leases = [];
  for (let i = 0; i < accounts.length; i++) {
    const answer = await send(pool, {
      ...base(i),
      method: 'POST',
      path: '/api/session/check',
      body: { data: { attributes: { videoID: 'live-first-team', mediaType: 'DrmLiveVideo' } } },
    });
    leases.push(String(answer.json?.data?.attributes?.leaseID ?? ''));
  }
  /** @type {Record<string, (i: number) => Promise<Answer>>} */
  const endpoints = {
    entitlements: (i) => send(pool, { ...base(i), method: 'GET', path: `/api/users/entitlements/${base(i).account.id}` }),
    'session check': (i) =>
      send(pool, {
        ...base(i),
        method: 'POST',
        path: '/api/session/check',
        body: { data: { attributes: { videoID: 'live-first-team', mediaType: 'DrmLiveVideo', leaseID: leases[i % leases.length] } } },
      }),
    heartbeat: (i) =>
      send(pool, { ...base(i), method: 'POST', path: '/api/session/heartbeat', body: { data: { attributes: { leaseID: leases[i % leases.length] } } } }),
  };
  for (const [name, one] of Object.entries(endpoints)) {
    await (await control.request({ method: 'GET', path: '/__bench/profile/start' })).body.json();
    const started = performance.now();
    let wrong = 0;
    for (let i = 0; i < 300; i++) if ((await one(i)).status !== 200) wrong += 1;
    const wallMs = performance.now() - started;
    const profile = /** @type {import('./cpuProfile.mjs').CpuProfile} */ (
      await (await control.request({ method: 'GET', path: '/__bench/profile/stop' })).body.json()
    );
    const file = path.join(ROOT, 'reports/bench', `matchday-${STAMP}-${backend}-${name.replace(' ', '-')}.cpuprofile`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(profile));
    const summary = summariseProfile(profile, PROFILE_CATEGORIES);
    console.log(
      `Profile of ${name} (300 in a row, ${(wallMs / 300).toFixed(2)} ms each, ${(summary.busyMs / 300).toFixed(2)} ms of the API's main thread each${wrong ? `, ${wrong} not 200` : ''}; ${path.relative(ROOT, file)}):`,
    );
    for (const c of summary.categories) console.log(`    ${(c.share * 100).toFixed(1).padStart(5)}%  ${(c.ms / 300).toFixed(3)} ms  ${c.name}`);
    console.log(`    busiest frames: ${summary.frames.map((f) => `${f.name} ${(f.share * 100).toFixed(1)}%`).join('; ')}`);
  }
  for (let i = 0; i < leases.length; i++)
    await send(pool, { ...base(i), method: 'POST', path: '/api/session/release', body: { data: { attributes: { leaseID: leases[i] } } } });
  await pool.close();
}

/** The kernel's CPU pressure (share of time some task waited for a CPU, last 10 s), or NaN. */
function cpuPressure() {
  try {
    return Number(/some avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** The bare route's capacity: a closed loop of CONNECTIONS callers for `seconds`. @param {string} origin @param {number} seconds */
async function floorCapacity(origin, seconds) {
  const pool = new Pool(origin, { connections: CONNECTIONS });
  /** @type {number[]} */
  const times = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await send(pool, { method: 'GET', path: '/__floor', client: '127.0.0.1', origin });
        if (res.status === 200) times.push(performance.now() - t);
      }
    }),
  );
  await pool.close();
  times.sort((a, b) => a - b);
  return { rps: times.length / seconds, p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * The sample's sign-ins through the API against the Cognito emulator, 5 at a time, each followed by
 * its entitlements and a session check released at once.
 * @param {Account[]} sample @param {string} origin
 */
async function signInSample(sample, origin) {
  const pool = new Pool(origin, { connections: 8 });
  /** @type {number[]} */
  const signIn = [];
  /** @type {number[]} */
  const after = [];
  /** @type {string[]} */
  const failures = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      while (next < sample.length) {
        const account = /** @type {Account} */ (sample[next]);
        const client = `198.19.0.${next + 1}`;
        next += 1;
        let t = performance.now();
        const login = await send(pool, {
          method: 'POST',
          path: '/api/auth/login',
          body: { username: account.email, password: account.password },
          client,
          origin,
        });
        signIn.push(performance.now() - t);
        if (login.status !== 200 || !login.json?.user?.userID) {
          failures.push(`sign-in ${account.email}: ${label(login)}`);
          continue;
        }
        const cookie = sessionCookieOf(login.setCookie);
        t = performance.now();
        const ent = await send(pool, { method: 'GET', path: `/api/users/entitlements/${login.json.user.userID}`, cookie, client, origin });
        const check = await send(pool, {
          method: 'POST',
          path: '/api/session/check',
          cookie,
          client,
          origin,
          body: { data: { attributes: { videoID: 'live-first-team', mediaType: 'DrmLiveVideo' } } },
        });
        after.push(performance.now() - t);
        if (ent.status !== 200) failures.push(`entitlements ${account.email}: ${label(ent)}`);
        if (check.status !== 200) failures.push(`session check ${account.email}: ${label(check)}`);
        else
          await send(pool, {
            method: 'POST',
            path: '/api/session/release',
            cookie,
            client,
            origin,
            body: { data: { attributes: { leaseID: check.json.data.attributes.leaseID } } },
          });
      }
    }),
  );
  await pool.close();
  signIn.sort((a, b) => a - b);
  after.sort((a, b) => a - b);
  return { n: sample.length, p50: percentile(signIn, 50), p95: percentile(signIn, 95), max: signIn.at(-1) ?? NaN, thenP50: percentile(after, 50), failures };
}

// ---------------------------------------------------------------------------------------------
// The run.

/** @param {string} backend @param {StepResult[]} results @param {{ rps: number, p50: number, p95: number }} capacity */
function printBackend(backend, results, capacity) {
  console.log(`\n### ${backend}: floor capacity ${Math.round(capacity.rps)} req/s (p50 ${fmt(capacity.p50)} ms, ${CONNECTIONS} connections, closed loop)\n`);
  console.log(
    '| N (≈ real) | endpoint | requests | req/s mean (peak) | p50 ms | p95 ms | p99 ms | in API p50 / p95 ms | wrong | 429/503 | right refusals | lapsed (late beat) | p50 ÷ floor |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const floorP50 = r.endpoints.floor?.p50 ?? NaN;
    for (const name of ['entitlements', 'session check', 'heartbeat', 'release', 'floor']) {
      const e = r.endpoints[name];
      if (!e) continue;
      const wrong = Object.entries(e.unexpected)
        .map(([k, v]) => `${v}× ${k}`)
        .join(', ');
      console.log(
        `| ${r.n} (${(r.n * FACTOR).toLocaleString('en-GB')}) | ${name} | ${e.requests} | ${Math.round(e.rps)} (${e.peakRps}) | ${fmt(e.p50)} | ${fmt(e.p95)} | ${fmt(e.p99)} | ${r.server[name] ? `${fmt(r.server[name].p50)} / ${fmt(r.server[name].p95)}` : '–'} | ${wrong || 0} | ${e.shed} | ${e.refused} | ${e.lapsed} | ${name === 'floor' ? '1' : `${(e.p50 / floorP50).toFixed(1)}×`} |`,
      );
    }
  }
  console.log('');
  for (const r of results) {
    console.log(
      `N=${r.n}: ${r.wallS.toFixed(1)} s; invariants: ${r.invariants.samples} lease samples (max ${r.invariants.maxLive} live), ${r.invariants.overLimit} over the limit, ` +
        `${r.invariants.missingEntitlements} entitlements missing, ${r.invariants.lostLive} leases lost while live, ${r.invariants.lapsedLate} lapsed after late beats, ` +
        `${r.violations.length} violations in all; load average ${r.load.map((l) => l.toFixed(1)).join(' → ')}, CPU pressure ${r.cpuPressure.map((p) => `${Math.round(p)}%`).join(' → ')}; CPU cores busy: server ${r.cpu.server.toFixed(2)}, ` +
        `postgres ${r.cpu.postgres.toFixed(2)}, driver ${r.cpu.driver.toFixed(2)} (driver lag p99 ${fmt(r.driverLagP99)} ms)` +
        (r.broken ? ` — BROKEN: ${r.why.join('; ')}` : ''),
    );
    // CPU per API request: less sensitive to other work on the machine than latency is.
    const apiRequests = Object.entries(r.endpoints).reduce((sum, [name, e]) => sum + (name === 'floor' ? 0 : e.requests), 0);
    const apiMs = (r.cpu.server * r.wallS * 1000) / Math.max(1, apiRequests);
    const pgMs = (r.cpu.postgres * r.wallS * 1000) / Math.max(1, apiRequests);
    console.log(
      `    CPU per API request: server ${apiMs.toFixed(1)} ms${backend === 'postgres' ? `, PostgreSQL ${pgMs.toFixed(1)} ms` : ''} ` +
        `(one core would serve ≈ ${Math.round(1000 / (apiMs + (backend === 'postgres' ? pgMs : 0)))} such requests/s)`,
    );
    for (const v of [...r.violations.slice(0, 5), ...r.lapses.slice(0, 2)]) console.log(`    ${v}`);
  }
  // Steps stop at the first broken one, so the knee is the last step that held.
  const knee = results.filter((r) => !r.broken).at(-1);
  const broke = results.find((r) => r.broken);
  console.log(
    knee
      ? `Knee (${backend}): N=${knee.n} (≈ ${(knee.n * FACTOR).toLocaleString('en-GB')} real supporters' requests)${broke ? `; broke at N=${broke.n}: ${broke.why.join('; ')}` : '; not broken at the largest step'}`
      : `Knee (${backend}): below the first step${broke ? ` (N=${broke.n}: ${broke.why.join('; ')})` : ''}`,
  );
  return knee?.n ?? 0;
}

/** @returns {Promise<boolean>} whether every answer was right and every invariant held (latency aside) */
async function main() {
  const started = performance.now();
  /** @type {string[]} */
  const incorrect = [];
  await mkdir(WORK, { recursive: true, mode: 0o755 });
  cleanups.push(() => rmSync(WORK, { recursive: true, force: true }));
  console.log(
    `Kick-off surge: T−60 → T+10 compressed ${FACTOR}× (${((70 * 60) / FACTOR).toFixed(0)} s per step), ${os.cpus().length} cores, node ${process.version}; ` +
      `steps postgres ${STEPS.postgres.join(',')} / pglite ${STEPS.pglite.join(',')}; ${CONNECTIONS} connections; p95 aim ${P95_AIM_MS} ms`,
  );

  // The Cognito emulator: JWKS for every token, and the sample's real sign-ins.
  const cognito = await startCognito({ port: BASE_PORT - 1, dataDir: path.join(WORK, 'cognito'), seed: false, quiet: true });
  cleanups.push(() => cognito.stop());
  const maxN = Math.max(0, ...BACKENDS.flatMap((b) => STEPS[b]));
  /** @type {Account[]} */
  const mass = Array.from({ length: maxN }, (_, i) => ({
    sub: randomUUID(),
    email: `supporter-${String(i).padStart(5, '0')}@bench.terrace.test`,
    name: `Supporter ${i}`,
    grant: i % 10 !== 9,
  }));
  /** @type {Account[]} */
  const sample = [];
  for (let i = 0; i < SAMPLE; i++) {
    const email = `signin-${String(i).padStart(3, '0')}@bench.terrace.test`;
    const created = await cognito.client.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: `Sign-in ${i}` },
        ],
      }),
    );
    const sub = String(created.User?.Username);
    await cognito.client.send(new AdminSetUserPasswordCommand({ UserPoolId: cognito.userPoolId, Username: sub, Password: SAMPLE_PASSWORD, Permanent: true }));
    sample.push({ sub, email, name: `Sign-in ${i}`, grant: true, password: SAMPLE_PASSWORD });
  }
  const mintStart = performance.now();
  await mintSessions(mass, { issuer: cognito.issuer, clientId: cognito.clientId });
  const mintMs = performance.now() - mintStart;
  const accountsFile = path.join(WORK, 'accounts.json');
  await writeFile(accountsFile, JSON.stringify([...mass, ...sample].map(({ sub, email, name, grant }) => ({ sub, email, name, grant }))));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = Buffer.from(privateKey.export({ type: 'pkcs8', format: 'pem' })).toString('base64');
  console.log(`Accounts: ${mass.length} in the database with minted sessions (${Math.round(mintMs)} ms), ${sample.length} in the Cognito emulator.`);

  /** @type {Record<string, unknown>} */
  const report = {
    factor: FACTOR,
    connections: CONNECTIONS,
    p95AimMs: P95_AIM_MS,
    machine: { cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    backends: {},
  };
  let seed = 1;
  for (const [index, backend] of BACKENDS.entries()) {
    /** @type {string | undefined} */
    let databaseUrl;
    /** @type {number | undefined} */
    let pgPort;
    if (backend === 'postgres') {
      const previousTmp = env.TMPDIR;
      env.TMPDIR = WORK; // the throwaway cluster's folder lands in ours
      const pg = await startPostgres({ port: BASE_PORT + 5 });
      if (previousTmp === undefined) delete env.TMPDIR;
      else env.TMPDIR = previousTmp;
      cleanups.push(() => pg.stop());
      databaseUrl = await pg.createDatabase('matchday');
      pgPort = pg.port;
    }
    const server = await startServer({
      backend,
      port: BASE_PORT + index,
      ...(databaseUrl ? { databaseUrl } : {}),
      accountsFile,
      cognito: { endpoint: cognito.endpoint, userPoolId: cognito.userPoolId, clientId: cognito.clientId, region: cognito.region },
      signingKey,
    });
    const ids = new Map(server.seeded.accounts.map((a) => [a.sub, a.id]));
    for (const account of mass) account.id = ids.get(account.sub);
    console.log(`\n${backend}: server up, ${server.seeded.accounts.length} accounts seeded in ${(server.seeded.seedMs / 1000).toFixed(1)} s`);
    const signIns = SAMPLE ? await signInSample(sample, server.origin) : null;
    if (signIns) {
      console.log(
        `Sign-in through the API against the Cognito emulator (cognito-local, not Cognito), ${signIns.n} accounts 5 at a time: p50 ${fmt(signIns.p50)} ms, ` +
          `p95 ${fmt(signIns.p95)} ms, max ${fmt(signIns.max)} ms; then entitlements + session check p50 ${fmt(signIns.thenP50)} ms; ${signIns.failures.length} failures`,
      );
      for (const f of signIns.failures.slice(0, 5)) console.log(`    ${f}`);
    }
    await warmUp(mass.filter((a) => a.grant).slice(-5), server.origin);
    const capacity = await floorCapacity(server.origin, QUICK ? 1 : 3);
    const costs = await serviceCost(mass.filter((a) => a.grant).slice(-30), server.origin, Number(server.child.pid), pgPort);
    console.log(
      `One request at a time, median of ${COST_RUNS} runs (p50 latency; API CPU${pgPort ? ' + PostgreSQL CPU' : ''} per request, [min–max]): ` +
        Object.entries(costs)
          .map(
            ([name, c]) =>
              `${name} ${fmt(c.p50)} ms (${c.cpuMs.toFixed(2)} [${c.cpuRange.map((v) => v.toFixed(2)).join('–')}]` +
              `${pgPort ? ` + ${c.pgMs.toFixed(2)} [${c.pgRange.map((v) => v.toFixed(2)).join('–')}]` : ''} ms CPU)`,
          )
          .join('; '),
    );
    if (PROFILE) await profileEndpoints(mass.filter((a) => a.grant).slice(-30), server.origin, server.control, backend);
    await (await server.control.request({ method: 'GET', path: '/__bench/compress' })).body.json();
    /** @type {StepResult[]} */
    const results = [];
    for (const n of STEPS[backend]) {
      const result = await runStep({
        n,
        accounts: mass,
        origin: server.origin,
        control: server.control,
        serverPid: Number(server.child.pid),
        ...(pgPort ? { pgPort } : {}),
        seed: seed++,
        logFile: server.logFile,
      });
      results.push(result);
      const core = CORE_ENDPOINTS.map((name) => `${name} p95 ${fmt(result.endpoints[name]?.p95 ?? NaN)} ms`).join(', ');
      console.log(`  N=${n}: ${core}; floor p50 ${fmt(result.endpoints.floor?.p50 ?? NaN)} ms${result.broken ? ` — broken (${result.why.join('; ')})` : ''}`);
      if (result.broken) break;
    }
    const serverErrors = readFileSync(server.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"level":"error"'));
    const knee = printBackend(backend, results, capacity);
    if (serverErrors.length) console.log(`Server error log lines: ${serverErrors.length}; first: ${serverErrors[0]?.slice(0, 300)}`);
    /** @type {Record<string, unknown>} */ (report.backends)[backend] = { knee, capacity, costs, signIns, steps: results, serverErrors: serverErrors.length };
    for (const r of results) {
      const wrong = Object.values(r.endpoints).reduce((sum, e) => sum + Object.values(e.unexpected).reduce((a, b) => a + b, 0), 0);
      if (r.violations.length || wrong) incorrect.push(`${backend} N=${r.n}: ${r.violations.length} violations, ${wrong} wrong answers`);
    }
    if (signIns?.failures.length) incorrect.push(`${backend}: ${signIns.failures.length} emulator sign-in failures`);
    await server.stop();
  }
  const file = path.join(ROOT, 'reports/bench', `matchday-${STAMP}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWhole run ${((performance.now() - started) / 1000).toFixed(0)} s. Report: ${path.relative(ROOT, file)}`);
  if (incorrect.length) console.log(`\nWRONG (exit 1): ${incorrect.join('; ')}`);
  return incorrect.length === 0;
}

try {
  const correct = await main();
  await cleanUp();
  process.exit(correct ? 0 : 1);
} catch (error) {
  if (!aborted) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await cleanUp();
    process.exit(1);
  }
}
