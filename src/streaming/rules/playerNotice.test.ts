/** The one notice a player shows for a refused stream (spec §4, §6, §8): src/streaming/rules/playerNotice. */
import { describe, expect, it } from 'vitest';
import { playerNotice, RESTRICTED_MEDIA_BUTTON, RESTRICTED_MEDIA_TEXT } from './playerNotice';
import { STREAM_CODES, STREAM_TEXTS, streamAccessOf } from './streamAccess';

const refused = (code: string, hasSubscriptions = false) => ({ ok: false as const, httpStatus: 403, code, hasSubscriptions });

describe('playerNotice', () => {
  it("signed out: spec §6 'To View This Video Please Sign In or Register An Account' with 'Sign In Or Register'", () => {
    for (const mediaType of ['OnDemand', 'DrmLiveVideo', 'LiveAudio'] as const) {
      const notice = playerNotice(streamAccessOf(refused(STREAM_CODES.loginRequired), mediaType), mediaType);
      expect(notice.text).toBe('To View This Video Please Sign In or Register An Account');
      expect(RESTRICTED_MEDIA_TEXT).toBe(notice.text);
      expect(notice.action).toEqual({ kind: 'sign-in', label: 'Sign In Or Register', promptText: STREAM_TEXTS.signIn });
      expect(RESTRICTED_MEDIA_BUTTON).toBe('Sign In Or Register');
      expect(notice.resumesOnAccessChange).toBe(true);
    }
  });
  it("no playback at all (503 streaming_unavailable): spec §8's connect failure, not a library code", () => {
    for (const mediaType of ['OnDemand', 'DrmLiveVideo', 'LiveAudio'] as const) {
      const notice = playerNotice(streamAccessOf({ ok: false, httpStatus: 503, code: 'streaming_unavailable' }, mediaType), mediaType);
      expect(notice.text).toBe('There was a problem connecting to the video service');
      expect(notice.detail).toBe('Please try again in a few minutes');
      expect(notice.action).toBeNull();
    }
  });
  it("not entitled: spec §8's text, words that fit the item, and 'Subscribe now' (no second overlay)", () => {
    const replay = playerNotice(streamAccessOf(refused(STREAM_CODES.notEntitled), 'OnDemand'), 'OnDemand');
    expect(replay.text).toBe('Sorry but you do not have any subscriptions');
    expect(replay.detail).not.toMatch(/live/i);
    expect(replay.action).toEqual({ kind: 'subscribe', label: 'Subscribe now' });
    expect(replay.links.map((l) => l.text)).toEqual(['FAQ', 'Contact support']);
    expect(replay.resumesOnAccessChange).toBe(true);
    const live = playerNotice(streamAccessOf(refused(STREAM_CODES.notEntitled, true), 'DrmLiveVideo'), 'DrmLiveVideo');
    expect(live.text).toBe('Sorry but you are not subscribed to this stream');
    expect(live.detail).toBe('To stream live games you must be subscribed to a TV package');
    expect(playerNotice(streamAccessOf(refused(STREAM_CODES.notEntitled), 'LiveAudio'), 'LiveAudio').detail).toMatch(/audio/i);
  });
  it('other refusals keep their text and links, with no action, and do not resume by themselves', () => {
    for (const code of [STREAM_CODES.blocked, STREAM_CODES.country, STREAM_CODES.concurrency, 'ERR_X']) {
      const access = streamAccessOf(refused(code), 'OnDemand');
      const notice = playerNotice(access, 'OnDemand');
      expect(notice).toMatchObject({ text: access.text, action: null, links: access.links, resumesOnAccessChange: false });
    }
  });
});
