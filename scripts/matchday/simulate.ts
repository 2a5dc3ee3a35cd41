/**
 * `npm run matchday:simulate [-- --match <matchID>] [--speed <times real time; 60: a match minute a second>] [--url <site>]`
 * (docs/live-matches.md "Locally"): replays a real match of the embedded dataset (./replay.ts)
 * through the signed feed of the running `npm start` stack, so its match centre updates live.
 * The secret is the local stack's (scripts/local/matchday.mjs; MATCH_FEED_SECRET wins when set);
 * a match replayed before in the same local database is reset first (POST /__matchday/reset).
 * Prints what it does and the address to open: the match centre with `?as-of=` a minute before
 * its kick-off, the site's clock for that visit (src/lib/siteClockRules), so the page shows its live
 * island. Exit 1 with the reason when the stack is not running or the feed refuses a delivery.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MATCHDAY_RESET_PATH, readLocalMatchFeedSecret } from '../local/matchday.mjs';
import { DEFAULT_REPLAY_MATCH, loadReplay, replay, replayableMatches } from './replay.ts';

/** How many times faster than real time by default: a match of 90 minutes in about two minutes. */
const DEFAULT_SPEED = 45;

const { values } = parseArgs({
  options: {
    match: { type: 'string', default: DEFAULT_REPLAY_MATCH },
    speed: { type: 'string', default: String(DEFAULT_SPEED) },
    url: { type: 'string', default: `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '4321'}` },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(
    `npm run matchday:simulate -- [--match <matchID>] [--speed <times real time, 60: one match minute a second; default ${DEFAULT_SPEED}>] [--url <site, default ${values.url}>]`,
  );
  console.log(`Replayable matches: ${replayableMatches().join(', ')}`);
  process.exit(0);
}

function fail(message: string): never {
  console.error(`matchday:simulate: ${message}`);
  process.exit(1);
}

const speed = Number(values.speed);
if (!Number.isFinite(speed) || speed <= 0 || speed > 6000) fail(`--speed must be how many times faster than real time, above 0 (got "${values.speed}")`);
const stateDir = path.resolve(process.env.LOCAL_STATE_DIR || '.terrace');
const secret = process.env.MATCH_FEED_SECRET || readLocalMatchFeedSecret(stateDir);
if (!secret) fail(`no feed secret in ${stateDir}/match-feed-secret: start the site first with "npm start" (or set MATCH_FEED_SECRET to the server's)`);

let loaded: ReturnType<typeof loadReplay>;
try {
  loaded = loadReplay(values.match);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { match, steps } = loaded;

const reset = await fetch(new URL(`${MATCHDAY_RESET_PATH}?match=${encodeURIComponent(match.matchID)}`, values.url), { method: 'POST' }).catch(() => null);
if (!reset?.ok) fail(`the site at ${values.url} is not answering (${reset ? `HTTP ${reset.status}` : 'no connection'}): run "npm start" first, or pass --url`);

const asOf = new Date(Date.parse(match.kickOff) - 60_000).toISOString().replace('.000Z', 'Z');
const page = `${new URL(match.path, values.url).href}?as-of=${asOf}`;
const seconds = Math.round(((steps.at(-1)!.atMinute + 1) * 60) / speed);
console.log(
  `Replaying ${match.home} ${match.score.home}–${match.score.away} ${match.away} (${match.kickOff.slice(0, 10)}) through the signed feed ${new URL('/api/matches/feed', values.url).href}`,
);
console.log(
  `at ${speed} times real time (${(speed / 60).toFixed(2)} match minutes a second): about ${seconds} s. Open the match centre (its clock set to the kick-off):\n\n  ${page}\n`,
);

try {
  await replay({
    baseUrl: values.url,
    secret,
    steps,
    matchId: match.matchID,
    speed,
    onDelivery({ event }) {
      const what =
        event.type === 'clock'
          ? null
          : `${event.minute}′ ${event.type.replace('_', ' ')}${event.player ? `: ${event.player}` : ''}${event.side ? ` (${event.side})` : ''}`;
      if (what) console.log(`  sent ${what}`);
    },
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
console.log(`\nFull time: ${match.home} ${match.score.home}–${match.score.away} ${match.away}. The feed asked for the site's rebuild (npm run publish:local).`);
