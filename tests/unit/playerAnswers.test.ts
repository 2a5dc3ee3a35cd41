/**
 * The player's hand readers: the streaming answers (src/streaming/browser/streamingAnswers.ts) against the
 * server's contract schemas (src/streaming/rules/streamingContract.ts) — for good answers and for each
 * field removed, of a wrong type, empty or out of its set, a reader accepts exactly when the schema
 * does and returns the schema's output (unknown keys dropped) — and the sidebar's video list
 * (src/islands/player/sidebarList.ts).
 */
import { describe, expect, it } from 'vitest';
import { readSidebarList } from '../../src/islands/player/sidebarList';
import { readHeartbeatAnswer, readSessionGrant, readStreamErrorCode } from '../../src/streaming/browser/streamingAnswers';
import { heartbeatResponseSchema, sessionCheckResponseSchema, streamErrorResponseSchema } from '../../src/streaming/rules/streamingContract';

const WRONG: unknown[] = [undefined, null, '', 'x', 0, 31, 30, true, false, [], {}, ['a'], { extra: 1 }];

/** `base` with `path` (dot-separated) set to `value` (removed when undefined). */
function withField(base: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

/** Every variant of `base`: each field (and each parent) removed or replaced by each WRONG value. */
function variants(base: unknown, paths: string[]): unknown[] {
  const out: unknown[] = [base, null, 'text', [], {}, { data: null }, { data: { attributes: [] } }];
  for (const path of paths) for (const value of WRONG) out.push(withField(base, path, value));
  out.push(withField(base, 'data.attributes.unknownKey', 'dropped'));
  return out;
}

const grant = {
  data: {
    attributes: {
      token: 'eyJ.token',
      bypassed: false,
      playbackID: 'DemoReplay01',
      manifestURL: 'http://127.0.0.1:9231/DemoReplay01.m3u8?token=eyJ.token',
      licenceURLs: { clearkey: 'http://127.0.0.1:9231/license/clearkey/DemoDrmLive01?token=d' },
      fairplayCertificateURL: 'https://example.test/cert',
      leaseID: '0b9f6b7e-2c1f-4c59-a1c3-5d1e8b8e6a11',
      heartbeatSeconds: 30,
      expiresAt: '2026-11-27T12:00:00.000Z',
    },
  },
};
const GRANT_FIELDS = [
  'data',
  'data.attributes',
  ...Object.keys(grant.data.attributes).map((k) => `data.attributes.${k}`),
  'data.attributes.licenceURLs.clearkey',
  'data.attributes.licenceURLs.widevine',
];

const beat = {
  data: {
    attributes: {
      continue: true,
      token: 't2',
      manifestURL: 'http://h/P.m3u8?token=t2',
      licenceURLs: { widevine: 'http://l/w?token=d' },
      expiresAt: '2026-11-27T12:10:00Z',
    },
  },
};
const stop = { data: { attributes: { continue: false, reason: 'revoked', code: 'STREAM_REVOKED' } } };
const BEAT_FIELDS = [
  'data.attributes.continue',
  'data.attributes.token',
  'data.attributes.manifestURL',
  'data.attributes.licenceURLs',
  'data.attributes.licenceURLs.widevine',
  'data.attributes.expiresAt',
];
const STOP_FIELDS = ['data.attributes.continue', 'data.attributes.reason', 'data.attributes.code'];

function agrees<T>(
  read: (json: unknown) => T | null,
  schema: { safeParse: (json: unknown) => { success: boolean; data?: unknown } },
  pick: (data: never) => unknown,
  samples: unknown[],
) {
  let accepted = 0;
  for (const sample of samples) {
    const parsed = schema.safeParse(sample);
    const mine = read(sample);
    expect(mine !== null, JSON.stringify(sample)).toBe(parsed.success);
    if (parsed.success) {
      accepted += 1;
      expect(mine).toEqual(pick(parsed.data as never));
    }
  }
  return accepted;
}

describe('the player reads the session check answer as the contract does', () => {
  it('accepts what sessionCheckResponseSchema accepts, with its output, and rejects the rest', () => {
    const samples = [
      ...variants(grant, GRANT_FIELDS),
      withField(grant, 'data.attributes.reason', 'revoked'),
      withField(grant, 'data.attributes.leaseID', 'has space'),
    ];
    const accepted = agrees(readSessionGrant, sessionCheckResponseSchema, (d: { data: { attributes: unknown } }) => d.data.attributes, samples);
    expect(accepted).toBeGreaterThan(5);
  });
  it('rejects a malformed grant: no token, a lease id with a space, another heartbeat period', () => {
    expect(readSessionGrant(withField(grant, 'data.attributes.token', undefined))).toBeNull();
    expect(readSessionGrant(withField(grant, 'data.attributes.leaseID', 'has space'))).toBeNull();
    expect(readSessionGrant(withField(grant, 'data.attributes.heartbeatSeconds', 31))).toBeNull();
    expect(readSessionGrant(withField(grant, 'data.attributes.licenceURLs', { clearkey: 1 }))).toBeNull();
  });
});

describe('the player reads the heartbeat answer as the contract does', () => {
  it('accepts what heartbeatResponseSchema accepts (continue and stop), with its output', () => {
    const samples = [...variants(beat, BEAT_FIELDS), ...variants(stop, STOP_FIELDS), withField(stop, 'data.attributes.reason', 'bored')];
    const accepted = agrees(readHeartbeatAnswer, heartbeatResponseSchema, (d: { data: { attributes: unknown } }) => d.data.attributes, samples);
    expect(accepted).toBeGreaterThan(5);
  });
  it('rejects a stop without a known reason and a continue without a token', () => {
    expect(readHeartbeatAnswer(withField(stop, 'data.attributes.reason', 'bored'))).toBeNull();
    expect(readHeartbeatAnswer(withField(beat, 'data.attributes.token', ''))).toBeNull();
  });
});

describe('the player reads a stream error as the contract does', () => {
  const error = { errors: [{ code: 'STREAM_BLOCKED', title: 'Blocked', detail: 'Too many streams' }] };
  it('takes errors[0].code when streamErrorResponseSchema accepts the answer, else nothing', () => {
    const samples: unknown[] = [
      error,
      { errors: [] },
      { errors: null },
      null,
      { error: { code: 'x' } },
      { errors: [...error.errors, { code: 1, title: 't', detail: 'd' }] },
    ];
    for (const path of ['errors', 'errors.0.code', 'errors.0.title', 'errors.0.detail']) for (const value of WRONG) samples.push(withField(error, path, value));
    agrees(readStreamErrorCode, streamErrorResponseSchema, (d: { errors: { code: string }[] }) => d.errors[0]!.code, samples);
  });
});

describe("the overlay's sidebar reads the site's video list", () => {
  const video = {
    id: '1_abc',
    title: 'Highlights',
    date: '2 Nov 2026',
    duration: '03:12',
    thumbnail: '/img/1.jpg',
    entitlements: ['subscription-video'],
    href: '/videos/highlights/',
    category: 'highlights',
    team: '',
    season: '2026-27',
    seconds: 192,
    releaseFrom: '2026-11-02T10:00:00Z',
  };
  it("keeps the sidebar's fields of every video", () => {
    const { href: _href, team: _team, season: _season, seconds: _seconds, ...wanted } = video;
    expect(readSidebarList([video, { ...video, id: '2', entitlements: [] }])).toEqual([wanted, { ...wanted, id: '2', entitlements: [] }]);
    expect(readSidebarList([])).toEqual([]);
  });
  it('rejects the list when any video lacks a field or has one of the wrong type', () => {
    for (const key of ['id', 'title', 'date', 'duration', 'thumbnail', 'entitlements', 'category', 'releaseFrom']) {
      expect(readSidebarList([video, withField(video, key, undefined)]), key).toBeNull();
      expect(readSidebarList([video, withField(video, key, 7)]), key).toBeNull();
    }
    expect(readSidebarList([{ ...video, entitlements: [1] }])).toBeNull();
    expect(readSidebarList({ videos: [video] })).toBeNull();
    expect(readSidebarList([null])).toBeNull();
  });
});
