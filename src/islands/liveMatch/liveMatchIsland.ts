/**
 * The live island (docs/live-matches.md): for every live slot the inline gate
 * named a root (`[data-live-match]`, src/lib/liveSlot.ts) it watches the match (./watch, one
 * watcher per match however many slots show it), draws each view (./render) and announces each
 * new goal once in one polite live region of the page. Plain DOM, no framework: it must be small
 * on a crowded matchday network. Loaded by src/browser/liveGate.ts only on a page with a root.
 * startLiveIslands() → stop().
 */
import { siteNowMsInBrowser } from '../../browser/siteClock';
import { goalAnnouncement, newGoals, type LiveTeams } from '../../lib/liveUpdates';
import { renderLiveView } from './render';
import { watchLiveMatch, type LiveView } from './watch';

/** How many past announcements the live region keeps. */
const KEPT_ANNOUNCEMENTS = 5;

function announcer(): HTMLElement {
  const existing = document.querySelector<HTMLElement>('[data-live-announcements]');
  if (existing) return existing;
  const region = document.createElement('div');
  region.className = 'visually-hidden';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.dataset.liveAnnouncements = '';
  document.body.append(region);
  return region;
}

/** Starts the island on every root of the page; returns what stops it. */
export function startLiveIslands(): () => void {
  const roots = [...document.querySelectorAll<HTMLElement>('[data-live-match]')];
  const byMatch = new Map<string, HTMLElement[]>();
  for (const root of roots) {
    const id = root.dataset.liveMatch ?? '';
    byMatch.set(id, [...(byMatch.get(id) ?? []), root]);
  }
  const region = announcer();
  const stops = [...byMatch].map(([matchId, matchRoots]) => {
    const first = matchRoots[0]!;
    const teams: LiveTeams = { home: first.dataset.liveHome ?? 'Home', away: first.dataset.liveAway ?? 'Away' };
    let announced: Set<string> | null = null;
    return watchLiveMatch({
      matchId,
      kickOffMs: Number(first.dataset.liveKickOff),
      now: siteNowMsInBrowser,
      onView(view: LiveView) {
        for (const root of matchRoots) renderLiveView(root, view, teams);
        if (!view.state) return;
        // The first state is what the supporter sees on arrival: only later goals are news.
        const goals = newGoals(view.state, announced ?? new Set());
        if (announced) {
          for (const goal of goals) {
            const line = document.createElement('p');
            line.textContent = goalAnnouncement(goal, view.state, teams);
            line.dataset.goal = goal.id;
            region.append(line);
          }
          while (region.childElementCount > KEPT_ANNOUNCEMENTS) region.firstElementChild?.remove();
        }
        announced ??= new Set();
        for (const goal of goals) announced.add(goal.id);
      },
    });
  });
  return () => {
    for (const stop of stops) stop();
  };
}
