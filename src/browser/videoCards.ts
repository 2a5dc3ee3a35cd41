/**
 * Video cards in the browser (src/components/VideoCard.astro; spec §4 lock state). The static
 * page already shows the signed-out state, so a visitor who is not signed in runs nothing more:
 * the repaint (src/browser/videoCardLocks.ts, with the lock store) is loaded the first time the
 * user store says someone is signed in — after the login check, or a sign-in on the page — and
 * from then on follows every change (sign-out included). (Opening the player from a card is the
 * player's trigger script, src/islands/player/triggers.ts, reading the link's data-play-*
 * attributes.)
 */
import { user } from '../stores/user';

let repaint: Promise<unknown> | undefined;

user.subscribe(({ loggedIn }) => {
  if (loggedIn) repaint ??= import('./videoCardLocks');
});
