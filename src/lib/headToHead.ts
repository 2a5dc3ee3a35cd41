/**
 * Head-to-head record of one of the club's teams against an opponent (match centre), from every
 * played match in the data, seen from the club's side. A meeting counts when played against exactly
 * `opponent` (display name); won, drawn and lost follow the match's final outcome (a cup tie lost on
 * penalties is lost); goals are after extra time when played, never shoot-out kicks; `meetings`
 * are newest first. Pure; never throws; matches without a full-time score are ignored.
 */
import type { MatchScore } from './matchRecords';

/** The fields of a match the record reads. */
export interface MeetingLike {
  opponent: string;
  status: string;
  isHome: boolean;
  kickOff: string;
  result: 'W' | 'D' | 'L' | null;
  score: MatchScore;
}

export interface HeadToHeadRecord<T> {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  /** Goals scored by the club's team. */
  goalsFor: number;
  goalsAgainst: number;
  /** Played meetings, newest first. */
  meetings: T[];
}

/** The club's record against `opponent` over `matches`. */
export function headToHead<T extends MeetingLike>(matches: readonly T[], opponent: string): HeadToHeadRecord<T> {
  const record: HeadToHeadRecord<T> = { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, meetings: [] };
  for (const m of matches) {
    if (m.status !== 'played' || m.opponent !== opponent || m.result === null) continue;
    const home = m.score.etHome ?? m.score.ftHome;
    const away = m.score.etAway ?? m.score.ftAway;
    if (home === null || away === null) continue;
    record.played += 1;
    if (m.result === 'W') record.won += 1;
    else if (m.result === 'D') record.drawn += 1;
    else record.lost += 1;
    record.goalsFor += m.isHome ? home : away;
    record.goalsAgainst += m.isHome ? away : home;
    record.meetings.push(m);
  }
  record.meetings.sort((a, b) => b.kickOff.localeCompare(a.kickOff));
  return record;
}
