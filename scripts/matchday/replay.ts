/**
 * A real match of the embedded dataset as the match-data provider would push it
 * (docs/live-matches.md "Locally"): its line-ups, goals, cards and substitutions from
 * data/demo/match-events.json, its teams, kick-off and final score from the match records of
 * data/real (src/loaders/matchFiles.ts), as feed events (src/lib/liveMatch
 * LiveEvent) with a clock event every match minute, each timed at its match minute; and the
 * signed POST of a delivery to /api/matches/feed (Terrace-Signature, src/platform/content/signature).
 * The goals per side must add up to the recorded score, or loading fails naming the match.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LiveEvent } from '../../src/lib/liveMatch.ts';
import { seasonSlugOf, toMatchEntity, type MatchRecord } from '../../src/lib/matchRecords.ts';
import { FIRST_TEAM_SEGMENT } from '../../src/lib/constants.ts';
import { matchCentreUrl } from '../../src/lib/routes.ts';
import { signatureHeader, SIGNATURE_HEADER } from '../../src/platform/content/signature.ts';
import { MATCH_FILES } from '../../src/loaders/matchFiles.ts';

/** The match replayed when none is named: Stoke City 5–1 Bristol City, 1 November 2025 (five Stoke scorers). */
export const DEFAULT_REPLAY_MATCH = '2025-11-01-bristol-city';

/** The replayed match as the site shows it. */
export interface ReplayMatch {
  matchID: string;
  season: string;
  kickOff: string;
  home: string;
  away: string;
  score: { home: number; away: number };
  /** The match centre's path. */
  path: string;
}

/** One feed event and the match minute it is sent at (line-ups a minute before kick-off). */
export interface ReplayStep {
  atMinute: number;
  event: LiveEvent;
}

interface DemoEvent {
  minute: number;
  type: 'goal' | 'yellow' | 'red' | 'sub' | 'comment';
  side: 'home' | 'away' | null;
  text: string;
}
interface DemoMatchEvents {
  matchID: string;
  lineups?: { home: string[]; away: string[] };
  events: DemoEvent[];
}
interface Player {
  slug: string;
  firstName: string;
  lastName: string;
  knownName?: string;
}

const readJson = <T>(dataDir: string, file: string): T => JSON.parse(readFileSync(path.join(dataDir, file), 'utf8')) as T;

/** The scorer, booked player or player coming on / going off named in a demo event's text. */
function namesOf(event: DemoEvent): { player?: string; playerOff?: string } {
  const sub = /: (.+?) replaces (.+?)\.?$/.exec(event.text);
  if (event.type === 'sub' && sub) return { player: sub[1], playerOff: sub[2] };
  const goal = /^Goal! (.+?) scores/.exec(event.text);
  if (goal) return { player: goal[1] };
  const card = /card: (.+?) \(/.exec(event.text);
  return card ? { player: card[1] } : {};
}

/** The matches of the dataset that can be replayed (played, with events), newest first. */
export function replayableMatches(dataDir = 'data'): string[] {
  return readJson<DemoMatchEvents[]>(dataDir, 'demo/match-events.json')
    .map((m) => m.matchID)
    .sort()
    .reverse();
}

/**
 * The match `matchId` of the dataset in `dataDir` and its replay, in order: line-ups, kick-off,
 * the events (a clock event in every minute without one), half time and the second half, full time.
 * @throws {Error} naming the match when it has no events, no record, or goals that differ from its score
 */
export function loadReplay(matchId = DEFAULT_REPLAY_MATCH, dataDir = 'data'): { match: ReplayMatch; steps: ReplayStep[] } {
  const demo = readJson<DemoMatchEvents[]>(dataDir, 'demo/match-events.json').find((m) => m.matchID === matchId);
  if (!demo) throw new Error(`${matchId} has no events in ${dataDir}/demo/match-events.json; replayable: ${replayableMatches(dataDir).join(', ')}`);
  const club = readJson<{ clubName: string; homeGround: string }>(dataDir, 'club/platform-settings.json');
  const records = MATCH_FILES.flatMap((file) => readJson<MatchRecord[]>(dataDir, file));
  const record = records
    .map((r) => ({ r, entity: toMatchEntity(r, { name: club.clubName, homeGround: club.homeGround }) }))
    .find((m) => m.entity.matchID === matchId);
  if (!record || record.r.ftHome === null || record.r.ftAway === null) throw new Error(`${matchId}: no played match with a score in ${MATCH_FILES.join(', ')}`);
  const entity = record.entity as { matchID: string; season: string; kickOff: string; home: string; away: string; teamSlug: string };
  const match: ReplayMatch = {
    matchID: matchId,
    season: seasonSlugOf(entity.season),
    kickOff: entity.kickOff,
    home: entity.home,
    away: entity.away,
    score: { home: record.r.ftHome, away: record.r.ftAway },
    path: matchCentreUrl(entity.teamSlug || FIRST_TEAM_SEGMENT, entity.season, matchId),
  };

  const players = new Map(readJson<Player[]>(dataDir, 'demo/players.json').map((p) => [p.slug, p.knownName ?? `${p.firstName} ${p.lastName}`]));
  const names = (side: string[] = []) => side.map((entry) => players.get(entry) ?? entry);
  const steps: ReplayStep[] = [];
  let sequence = 0;
  const push = (atMinute: number, event: Omit<LiveEvent, 'id' | 'sequence'>) => {
    sequence += 1;
    steps.push({ atMinute, event: { id: `${matchId}-${sequence}`, sequence, ...event } });
  };
  push(-1, { type: 'lineups', minute: 0, lineups: { home: names(demo.lineups?.home), away: names(demo.lineups?.away) } });
  push(0, { type: 'kick_off', minute: 0 });
  const byMinute = [...demo.events].sort((a, b) => a.minute - b.minute);
  const last = Math.max(90, ...byMinute.map((e) => e.minute));
  let secondHalf = false;
  for (let minute = 1; minute <= last; minute += 1) {
    if (minute > 45 && !secondHalf) {
      push(45, { type: 'half_time', minute: 45 });
      push(46, { type: 'second_half', minute: 46 });
      secondHalf = true;
    }
    const now = byMinute.filter((e) => e.minute === minute && e.type !== 'comment' && e.side !== null);
    for (const e of now) {
      const type = ({ goal: 'goal', yellow: 'yellow_card', red: 'red_card', sub: 'substitution' } as const)[e.type as 'goal'];
      const detail = e.type === 'goal' && /penalty/i.test(e.text) ? 'penalty' : undefined;
      push(minute, { type, minute, side: e.side ?? undefined, ...namesOf(e), ...(detail ? { detail } : {}) });
    }
    if (now.length === 0 && minute !== 46) push(minute, { type: 'clock', minute });
  }
  push(last, { type: 'full_time', minute: last });

  const goals = { home: 0, away: 0 };
  for (const { event } of steps) if (event.type === 'goal' && event.side) goals[event.side] += 1;
  if (goals.home !== match.score.home || goals.away !== match.score.away) {
    throw new Error(`${matchId}: its events hold ${goals.home}–${goals.away} but its result is ${match.score.home}–${match.score.away}`);
  }
  return { match, steps };
}

/** The answer of the feed to one delivery. */
export interface DeliveryAnswer {
  status: number;
  body: unknown;
}

/** POSTs one signed delivery of `events` for `matchId` to the site at `baseUrl`. */
export async function sendDelivery(baseUrl: string, secret: string, deliveryId: string, matchId: string, events: LiveEvent[]): Promise<DeliveryAnswer> {
  const body = JSON.stringify({ id: deliveryId, matchId, events });
  const response = await fetch(new URL('/api/matches/feed', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(Date.now() / 1000), body) },
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Keep the text.
  }
  return { status: response.status, body: parsed };
}

/** Options of {@link replay}. */
export interface ReplayOptions {
  baseUrl: string;
  secret: string;
  steps: ReplayStep[];
  matchId: string;
  /** How many times faster than real time (60: one match minute a second). */
  speed: number;
  /** Stop after the last step at or before this minute (default: the whole match). */
  untilMinute?: number;
  /** Called after each delivery. */
  onDelivery?: (step: ReplayStep, answer: DeliveryAnswer) => void;
  signal?: AbortSignal;
}

/**
 * Sends the steps in match time at `speed`, one delivery per match minute (its events together),
 * from now; resolves after the last. A delivery the feed does not accept (not 202) rejects.
 */
export async function replay(options: ReplayOptions): Promise<void> {
  const start = Date.now();
  const run = Date.now().toString(36);
  const minutes = [...new Set(options.steps.map((s) => s.atMinute))].filter((m) => options.untilMinute === undefined || m <= options.untilMinute);
  for (const minute of minutes) {
    const wait = start + ((minute + 1) * 60_000) / options.speed - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    options.signal?.throwIfAborted();
    const steps = options.steps.filter((s) => s.atMinute === minute);
    const answer = await sendDelivery(
      options.baseUrl,
      options.secret,
      `replay-${run}-${minute + 1}`,
      options.matchId,
      steps.map((s) => s.event),
    );
    if (answer.status !== 202) throw new Error(`the feed refused minute ${minute}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
    for (const step of steps) options.onDelivery?.(step, answer);
  }
}
