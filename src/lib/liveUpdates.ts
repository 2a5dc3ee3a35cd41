/**
 * The live island's rules, pure: how long it waits before the next poll (the
 * CDN's cache lifetime while all is well; exponential back-off with jitter, capped, after
 * failures), which goals are new since the state it last showed (each goal is announced once, by
 * its event id), the words it shows and announces, and how it reads the API's answer. Times in
 * milliseconds; texts in the site's English. States are src/lib/liveMatch LiveMatchState.
 */
import { LIVE_EVENT_TYPES, liveClockLabel, type LiveEvent, type LiveMatchState } from './liveMatch';
import { jsonObjectOf, optional } from './jsonShape';

/** Polling: every `intervalMs` (the API's CDN s-maxage) while live; after failures from `backoffBaseMs` doubling up to `backoffCapMs`. */
export const LIVE_POLL = Object.freeze({ intervalMs: 5_000, backoffBaseMs: 5_000, backoffCapMs: 60_000 });

/**
 * The wait before the next poll after `failures` failures in a row (0: the interval). After a
 * failure: base × 2^(failures − 1), capped, of which a random half (`random` in [0, 1)) is jitter,
 * so a crowd that failed together does not come back together.
 */
export function nextPollDelay(failures: number, random: number): number {
  if (failures <= 0) return LIVE_POLL.intervalMs;
  const ceiling = Math.min(LIVE_POLL.backoffCapMs, LIVE_POLL.backoffBaseMs * 2 ** (failures - 1));
  return Math.round(ceiling / 2 + (Math.min(Math.max(random, 0), 1) * ceiling) / 2);
}

/** The goals of `state` whose ids are not in `announced`, in match order. */
export function newGoals(state: Pick<LiveMatchState, 'events'>, announced: ReadonlySet<string>): LiveEvent[] {
  return state.events.filter((event) => event.type === 'goal' && !announced.has(event.id));
}

/** The teams' names as the page shows them. */
export interface LiveTeams {
  home: string;
  away: string;
}

/** A minute as read: 67′, 45+2′. */
export function minuteText(event: Pick<LiveEvent, 'minute' | 'addedMinute'>): string {
  return event.addedMinute ? `${event.minute}+${event.addedMinute}′` : `${event.minute}′`;
}

const DETAIL_TEXT: Record<string, string> = { penalty: ' (pen)', 'own goal': ' (og)' };

/** One timeline line: 'Goal, Stoke City: Okonjo (pen)', 'Yellow card, Wrexham: Smith', 'Substitution, Stoke City: Morel on, Oyelaran off'. */
export function liveEventText(event: LiveEvent, teams: LiveTeams): string {
  const team = event.side ? teams[event.side] : '';
  const who = event.player ? `: ${event.player}` : '';
  switch (event.type) {
    case 'goal':
      return `Goal, ${team}: ${event.player ?? 'scorer to be confirmed'}${event.detail ? (DETAIL_TEXT[event.detail] ?? '') : ''}`;
    case 'yellow_card':
      return `Yellow card, ${team}${who}`;
    case 'red_card':
      return `Red card, ${team}${who}`;
    case 'substitution':
      return `Substitution, ${team}${who} on${event.playerOff ? `, ${event.playerOff} off` : ''}`;
    default:
      return event.type;
  }
}

/** The polite announcement of one goal: 'Goal for Stoke City, Okonjo, 16′. Stoke City 1, Bristol City 0.' */
export function goalAnnouncement(goal: LiveEvent, state: Pick<LiveMatchState, 'score'>, teams: LiveTeams): string {
  const team = goal.side ? teams[goal.side] : 'a team';
  const scorer = goal.player ? `, ${goal.player}${goal.detail ? ` (${goal.detail})` : ''}` : '';
  return `Goal for ${team}${scorer}, ${minuteText(goal)}. ${teams.home} ${state.score.home}, ${teams.away} ${state.score.away}.`;
}

/** What the island says about the connection and the match: its status line and its clock. */
export interface LiveStatus {
  /** 'Live', 'Half time', 'Full time', 'Kick-off soon', 'Offline — live updates paused', 'Live updates delayed'. */
  status: string;
  /** liveClockLabel of the state ('67′', 'HT', 'FT'), or '' when there is none to show. */
  clock: string;
  /** Whether the status is the live one (a pulsing marker). */
  live: boolean;
}

/**
 * The status line: offline says so and shows no minute (a frozen minute is not live); full time
 * stays 'FT' whatever the connection; a failing API is 'delayed' with the last minute known.
 */
export function liveStatus(state: LiveMatchState | null, connection: { offline: boolean; failing: boolean }): LiveStatus {
  if (state?.phase === 'full_time') return { status: 'Full time', clock: 'FT', live: false };
  if (connection.offline) return { status: 'Offline — live updates paused', clock: '', live: false };
  if (!state || state.phase === 'pre_match') return { status: 'Kick-off soon', clock: '', live: false };
  const clock = liveClockLabel(state);
  if (connection.failing) return { status: 'Live updates delayed', clock, live: false };
  return { status: state.phase === 'half_time' ? 'Half time' : 'Live', clock, live: true };
}

const PHASES: ReadonlySet<string> = new Set(['pre_match', 'first_half', 'half_time', 'second_half', 'full_time']);
const EVENT_TYPES: ReadonlySet<string> = new Set(LIVE_EVENT_TYPES);

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isNames = (value: unknown): value is string[] => Array.isArray(value) && value.every((name) => typeof name === 'string');

function readLineups(value: unknown): LiveMatchState['lineups'] | undefined {
  const lineups = jsonObjectOf(value);
  return lineups && isNames(lineups.home) && isNames(lineups.away) ? { home: lineups.home, away: lineups.away } : undefined;
}

function readEvent(value: unknown): LiveEvent | null {
  const e = jsonObjectOf(value);
  if (!e || typeof e.id !== 'string' || !isNumber(e.sequence) || typeof e.type !== 'string' || !EVENT_TYPES.has(e.type) || !isNumber(e.minute)) return null;
  const text = (v: unknown) => typeof v === 'string';
  if (!optional(e.addedMinute, isNumber) || !optional(e.side, (v) => v === 'home' || v === 'away') || !optional(e.player, text)) return null;
  if (!optional(e.playerOff, text) || !optional(e.detail, text) || !optional(e.lineups, (v) => readLineups(v) !== undefined)) return null;
  return e as unknown as LiveEvent;
}

/**
 * The body of GET /api/matches/live/{matchId} (src/platform/matches/liveMatchContract.ts liveMatchResponseSchema,
 * which the API validates with zod) read as the island needs it: the state, or null when the body
 * is not that shape. A reader rather than zod keeps the matchday island a few KB.
 */
export function readLiveMatchAnswer(body: unknown): LiveMatchState | null {
  const data = jsonObjectOf(jsonObjectOf(body)?.data);
  if (!data || typeof data.matchId !== 'string' || typeof data.phase !== 'string' || !PHASES.has(data.phase)) return null;
  if (!(data.minute === null || isNumber(data.minute)) || !(data.addedMinute === null || isNumber(data.addedMinute)) || !isNumber(data.sequence)) return null;
  const score = jsonObjectOf(data.score);
  if (!score || !isNumber(score.home) || !isNumber(score.away) || !Array.isArray(data.events)) return null;
  const events = data.events.map(readEvent);
  if (events.some((event) => event === null)) return null;
  const lineups = data.lineups === null ? null : readLineups(data.lineups);
  if (lineups === undefined) return null;
  return {
    matchId: data.matchId,
    phase: data.phase as LiveMatchState['phase'],
    minute: data.minute,
    addedMinute: data.addedMinute,
    score: { home: score.home, away: score.away },
    events: events as LiveEvent[],
    lineups,
    sequence: data.sequence,
  };
}
