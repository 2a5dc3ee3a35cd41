/**
 * How a match's score reads (results with score and half-time score; extra time and
 * penalties where played). Input: the match entity's scores (src/schemas/football.ts), goals as
 * whole numbers or null where not played or not known. Pure; never throws.
 *
 * - The score shown is the one after extra time when extra time was played, else full time.
 * - Half time shows only when both half-time goals are known (15 of Stoke's real results have none).
 * - A penalty shoot-out is shown beside the score, never added to it.
 */
import type { MatchScore } from './matchRecords';

/** A pair of goal counts, home first. */
export interface GoalPair {
  home: number;
  away: number;
}

/** A result's score as it reads. */
export interface ScoreLine {
  /** Goals after extra time when played, else at full time. */
  final: GoalPair;
  /** Score after 90 minutes. */
  fullTime: GoalPair;
  halfTime: GoalPair | null;
  afterExtraTime: boolean;
  penalties: GoalPair | null;
}

function pair(home: number | null, away: number | null): GoalPair | null {
  return home === null || away === null ? null : { home, away };
}

/** The score line of a match, or null when it has no full-time score (a fixture). */
export function scoreLine(score: MatchScore): ScoreLine | null {
  const fullTime = pair(score.ftHome, score.ftAway);
  if (!fullTime) return null;
  const extra = pair(score.etHome, score.etAway);
  return {
    final: extra ?? fullTime,
    fullTime,
    halfTime: pair(score.htHome, score.htAway),
    afterExtraTime: extra !== null,
    penalties: pair(score.penHome, score.penAway),
  };
}

/** '4–1' (en dash), as scores are printed on the site. */
export function formatGoals(goals: GoalPair): string {
  return `${goals.home}–${goals.away}`;
}

/**
 * The note beside a score: 'after extra time', '2–1 on penalties' or
 * 'after extra time, 2–4 on penalties'; null for a 90-minute result.
 */
export function scoreNote(line: ScoreLine): string | null {
  const parts = [line.afterExtraTime ? 'after extra time' : null, line.penalties ? `${formatGoals(line.penalties)} on penalties` : null].filter(
    (p): p is string => p !== null,
  );
  return parts.length > 0 ? parts.join(', ') : null;
}
