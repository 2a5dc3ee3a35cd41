/**
 * Drawing a live view into a live slot's markup (src/components/LiveMatch.astro), in place: the
 * score (`[data-live-score]`, "home–away"), the clock and status line, the timeline of goals,
 * cards and substitutions (newest first) and the line-ups (match centre), or the latest goal
 * (home card). Only text changes inside boxes whose size the page reserved, so nothing moves.
 * After the DOM shows a state, the root's data-live-seq is its sequence (the DOM contract of
 * docs/live-matches.md).
 */
import type { LiveMatchState } from '../../lib/liveMatch';
import { liveEventText, liveStatus, minuteText, type LiveTeams } from '../../lib/liveUpdates';
import type { LiveView } from './watch';

function part(root: HTMLElement, name: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-live-${name}]`);
}

function setText(el: HTMLElement | null, text: string): void {
  if (el && el.textContent !== text) el.textContent = text;
}

function renderTimeline(list: HTMLElement, state: LiveMatchState, teams: LiveTeams): void {
  const items = [...state.events].reverse().map((event) => {
    const item = document.createElement('li');
    item.className = `live__event live__event--${event.type}`;
    const minute = document.createElement('span');
    minute.className = 'live__minute';
    minute.textContent = minuteText(event);
    const text = document.createElement('span');
    text.textContent = liveEventText(event, teams);
    item.append(minute, text);
    return item;
  });
  if (items.length === 0) {
    const empty = document.createElement('li');
    empty.className = 'live__event live__event--none';
    empty.textContent = state.phase === 'pre_match' ? 'Goals, cards and substitutions will appear here.' : 'No goals, cards or substitutions yet.';
    items.push(empty);
  }
  list.replaceChildren(...items);
}

function renderLineups(box: HTMLElement, lineups: NonNullable<LiveMatchState['lineups']>, teams: LiveTeams): void {
  const sides = (['home', 'away'] as const).map((side) => {
    const column = document.createElement('div');
    column.className = 'live__side';
    const heading = document.createElement('h3');
    heading.textContent = teams[side];
    column.append(heading);
    if (lineups[side].length === 0) {
      const none = document.createElement('p');
      none.textContent = 'Line-up not announced.';
      column.append(none);
    } else {
      const list = document.createElement('ol');
      list.append(
        ...lineups[side].map((player) => {
          const item = document.createElement('li');
          item.textContent = player;
          return item;
        }),
      );
      column.append(list);
    }
    return column;
  });
  box.replaceChildren(...sides);
}

/** Draws `view` into `root` (a slot named by the gate) for a match between `teams`. */
export function renderLiveView(root: HTMLElement, view: LiveView, teams: LiveTeams): void {
  const { state } = view;
  const status = liveStatus(state, { offline: view.offline, failing: view.failing });
  root.dataset.liveState = status.live ? 'live' : state?.phase === 'full_time' ? 'full-time' : view.offline ? 'offline' : 'waiting';
  setText(part(root, 'status'), status.status);
  setText(part(root, 'clock'), status.clock);
  if (state) setText(part(root, 'score'), `${state.score.home}–${state.score.away}`);
  const sequence = String(state?.sequence ?? 0);
  if (state && root.dataset.liveSeq !== sequence) {
    const list = part(root, 'events');
    if (list) renderTimeline(list, state, teams);
    const lineups = part(root, 'lineups');
    if (lineups && state.lineups) renderLineups(lineups, state.lineups, teams);
    const lastGoal = state.events.findLast((event) => event.type === 'goal');
    setText(part(root, 'last'), lastGoal ? `${minuteText(lastGoal)} ${liveEventText(lastGoal, teams)}` : '');
  }
  root.dataset.liveSeq = sequence;
}
