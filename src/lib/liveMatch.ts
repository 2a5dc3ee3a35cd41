/**
 * A match in progress, as the match-data provider's feed tells it: events with an id and a
 * sequence number, folded into the state a supporter sees (phase, minute, score, goals, cards,
 * substitutions, line-ups). The fold reads events in sequence order whatever order they arrived
 * in, and one id counts once, so a repeated or late delivery cannot change the result.
 * Runs anywhere: the platform API answers with it, the live island shows it.
 */

/** What an event says happened. */
export const LIVE_EVENT_TYPES = [
  'lineups',
  'kick_off',
  'goal',
  'yellow_card',
  'red_card',
  'substitution',
  'half_time',
  'second_half',
  'full_time',
  'clock',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The side an event belongs to. */
export type Side = 'home' | 'away';

/** One event of the feed (after validation at the API's edge). */
export interface LiveEvent {
  /** The provider's event id: the same id is the same event. */
  id: string;
  /** The provider's order of events within the match (1, 2, 3 …). */
  sequence: number;
  type: LiveEventType;
  /** Match minute (0–130); added time in `addedMinute`. */
  minute: number;
  addedMinute?: number | undefined;
  /** The side credited (for a goal: the side whose score goes up, also for an own goal). */
  side?: Side | undefined;
  /** Scorer, booked player or the player coming on. */
  player?: string | undefined;
  /** The player going off (substitution). */
  playerOff?: string | undefined;
  /** 'penalty' or 'own goal' for a goal. */
  detail?: string | undefined;
  /** Line-ups, with `type: 'lineups'`. */
  lineups?: { home: string[]; away: string[] } | undefined;
}

/** Where the match stands. */
export type LivePhase = 'pre_match' | 'first_half' | 'half_time' | 'second_half' | 'full_time';

/** What a supporter sees of a match in progress. */
export interface LiveMatchState {
  matchId: string;
  phase: LivePhase;
  /** The latest minute the feed gave, null before kick-off. */
  minute: number | null;
  addedMinute: number | null;
  score: { home: number; away: number };
  /** Goals, cards and substitutions in match order. */
  events: LiveEvent[];
  lineups: { home: string[]; away: string[] } | null;
  /** The highest sequence applied: a newer state has a higher one. */
  sequence: number;
}

/** Events a supporter reads in the timeline. */
const TIMELINE_TYPES: ReadonlySet<LiveEventType> = new Set(['goal', 'yellow_card', 'red_card', 'substitution']);

/** The phase an event moves the match to, if it moves it. */
const PHASE_AFTER: Partial<Record<LiveEventType, LivePhase>> = {
  kick_off: 'first_half',
  half_time: 'half_time',
  second_half: 'second_half',
  full_time: 'full_time',
};

/**
 * Folds a match's events into its state: sorted by sequence, each id once (the first by
 * sequence wins). Pure; `events` may come in any order and hold repeats.
 */
export function foldLiveMatch(matchId: string, events: readonly LiveEvent[]): LiveMatchState {
  const seen = new Set<string>();
  const ordered = [...events].sort((a, b) => a.sequence - b.sequence).filter((e) => !seen.has(e.id) && seen.add(e.id));
  const state: LiveMatchState = {
    matchId,
    phase: 'pre_match',
    minute: null,
    addedMinute: null,
    score: { home: 0, away: 0 },
    events: [],
    lineups: null,
    sequence: 0,
  };
  for (const event of ordered) {
    state.sequence = event.sequence;
    if (event.type === 'lineups' && event.lineups) {
      state.lineups = event.lineups;
      continue;
    }
    const phase = PHASE_AFTER[event.type];
    if (phase && state.phase !== 'full_time') state.phase = phase;
    if (event.type !== 'lineups' && state.phase !== 'pre_match') {
      state.minute = event.minute;
      state.addedMinute = event.addedMinute ?? null;
    }
    if (event.type === 'goal' && event.side) state.score[event.side] += 1;
    if (TIMELINE_TYPES.has(event.type)) state.events.push(event);
  }
  return state;
}

/** Whether the match is being played now: kicked off and not finished. */
export function isMatchLive(state: Pick<LiveMatchState, 'phase'>): boolean {
  return state.phase === 'first_half' || state.phase === 'half_time' || state.phase === 'second_half';
}

/**
 * The clock a supporter reads: 'HT', 'FT', '67′', '45+2′', or '' before kick-off.
 */
export function liveClockLabel(state: Pick<LiveMatchState, 'phase' | 'minute' | 'addedMinute'>): string {
  if (state.phase === 'half_time') return 'HT';
  if (state.phase === 'full_time') return 'FT';
  if (state.minute === null || state.phase === 'pre_match') return '';
  return state.addedMinute ? `${state.minute}+${state.addedMinute}′` : `${state.minute}′`;
}
