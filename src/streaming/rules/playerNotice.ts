/**
 * What a player shows in place of a stream it may not play (spec §4 "Playing a video", §6, §8
 * texts): one notice with the one action that unlocks it, from the session check's status
 * (src/streaming/rules/streamAccess) — signed out: sign in or register; signed in, not entitled: a
 * line for the item and 'Subscribe now' (live video and live audio; a replay opens the upgrade
 * promo instead, spec §4); 503 streaming_unavailable: spec §8's connect failure;
 * anything else: spec §8's text and links. `resumesOnAccessChange`: the play retries when login or
 * entitlements change. Pure.
 */
import { STREAM_TEXTS, STREAMING_UNAVAILABLE, type StreamAccess, type StreamLink, type StreamMediaType } from './streamAccess';

/** Spec §6: the restricted media message for anonymous users, and its button. */
export const RESTRICTED_MEDIA_TEXT = 'To View This Video Please Sign In or Register An Account';
export const RESTRICTED_MEDIA_BUTTON = 'Sign In Or Register';
/** The subscribe action's label (the upgrade promo's button, site settings' default). */
export const SUBSCRIBE_BUTTON = 'Subscribe now';

/** The line under a not-entitled text, by what is being played (spec §6: live needs a TV package). */
export const SUBSCRIBE_REASON: Readonly<Record<StreamMediaType, string>> = Object.freeze({
  OnDemand: 'This video is for subscribers. Choose a subscription to watch it.',
  DrmLiveVideo: 'To stream live games you must be subscribed to a TV package',
  LiveAudio: 'Live audio commentary is for subscribers. Choose a subscription to listen.',
});

/** The notice a player shows instead of the stream. */
export interface PlayerNotice {
  /** The main text (spec §6 or §8). */
  text: string;
  /** A second line fitting the item, or ''. */
  detail: string;
  /** The one action: sign in (login prompt) or subscribe (packages panel), or none. */
  action: { kind: 'sign-in'; label: string; promptText: string } | { kind: 'subscribe'; label: string } | null;
  /** Links under the text (FAQ, support; sign-in page when there is no action). */
  links: StreamLink[];
  /** Whether the play should be tried again once login or entitlements change. */
  resumesOnAccessChange: boolean;
}

/** The notice for a refused session check of `mediaType` (see the file header). */
export function playerNotice(access: StreamAccess, mediaType: StreamMediaType): PlayerNotice {
  if (access.status === 0) {
    return {
      text: RESTRICTED_MEDIA_TEXT,
      detail: '',
      action: { kind: 'sign-in', label: RESTRICTED_MEDIA_BUTTON, promptText: access.text },
      links: [],
      resumesOnAccessChange: true,
    };
  }
  if (access.status === 1 || access.status === 2) {
    return {
      text: access.text,
      detail: SUBSCRIBE_REASON[mediaType],
      action: { kind: 'subscribe', label: SUBSCRIBE_BUTTON },
      links: access.links.filter((link) => link.text !== 'Upgrade'),
      resumesOnAccessChange: true,
    };
  }
  const detail = access.code === STREAMING_UNAVAILABLE ? STREAM_TEXTS.tryAgain : '';
  return { text: access.text, detail, action: null, links: access.links, resumesOnAccessChange: false };
}
