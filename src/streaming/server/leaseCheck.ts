/**
 * Whether a verified playback token's lease still admits playback, asked by a stream host on every
 * request after ./playbackSigner.ts accepted the token, so a token never outlives its lease
 * (docs/reliability.md "Security review"). `createPlaybackLeaseCheck(…)(claims)` → null or:
 * 'lease-ended' (released, lapsed or not this account's; Postgres, storage/leases.ts) or
 * 'wrong-asset' (the lease plays another asset, or `asset_id` does not play `sub`). Signed-out
 * viewers' unstored leases `anonymous.{mediaType}.{assetId}` (open content) have only their asset
 * checked. A database that cannot answer admits the token (ARCHITECTURE: a playing stream keeps
 * playing until its token expires); `onUnavailable` hears of it.
 */
import { openToEveryone, STREAM_MEDIA_TYPES, type StreamMediaType } from '../rules/streamAccess.ts';
import type { PlaybackClaims } from '../rules/playbackToken.ts';
import type { Executor } from '../../platform/storage/database.ts';
import { getLiveLease, type Lease } from '../../platform/storage/leases.ts';
import type { PlayableAsset, VideoCatalogue } from './streamCatalogue.ts';

/** Account id bound into tokens of viewers who are not signed in ('?' content). */
export const ANONYMOUS_ACCOUNT = 'anonymous';

const ANONYMOUS_LEASE = /^anonymous\.(OnDemand|DrmLiveVideo|LiveAudio)\.([\x21-\x7e]{1,100})$/;

/** The unstored lease id of a viewer who is not signed in. */
export function anonymousLeaseId(mediaType: StreamMediaType, assetId: string): string {
  return `anonymous.${mediaType}.${assetId}`;
}

/** The media type and asset of an unstored lease id, or null when `leaseId` is not one. */
export function parseAnonymousLease(leaseId: string): { mediaType: StreamMediaType; assetId: string } | null {
  const match = ANONYMOUS_LEASE.exec(leaseId);
  return match ? { mediaType: match[1] as StreamMediaType, assetId: match[2]! } : null;
}

/** The asset any media type finds under `assetId` (leases store the asset id only), or null. */
export function playableById(catalogue: VideoCatalogue, assetId: string): PlayableAsset | null {
  for (const mediaType of STREAM_MEDIA_TYPES) {
    const asset = catalogue.playable(assetId, mediaType);
    if (asset) return asset;
  }
  return null;
}

/** Why a lease no longer admits its token. */
export type PlaybackLeaseFailure = 'lease-ended' | 'wrong-asset';

/** Null when the token's lease admits playback, else why not. */
export type PlaybackLeaseCheck = (claims: PlaybackClaims) => Promise<PlaybackLeaseFailure | null>;

/**
 * The lease check over the platform's database and catalogue; `now` is the clock leases expire by,
 * `onUnavailable` is told of a database failure (the token is then admitted on its own checks).
 */
export function createPlaybackLeaseCheck(options: {
  db: () => Promise<Executor>;
  catalogue: VideoCatalogue;
  now?: () => Date;
  onUnavailable?: (error: unknown) => void;
}): PlaybackLeaseCheck {
  const now = options.now ?? (() => new Date());
  return async (claims) => {
    if (claims.account_id === ANONYMOUS_ACCOUNT) {
      const anonymous = parseAnonymousLease(claims.lease_id);
      if (!anonymous || anonymous.assetId !== claims.asset_id) return 'wrong-asset';
      const asset = options.catalogue.playable(anonymous.assetId, anonymous.mediaType);
      return asset && asset.playbackId === claims.sub && openToEveryone(asset.entitlements) ? null : 'wrong-asset';
    }
    let lease: Lease | null;
    try {
      lease = await getLiveLease(await options.db(), { leaseId: claims.lease_id, userId: claims.account_id }, now());
    } catch (error) {
      options.onUnavailable?.(error);
      return null;
    }
    if (!lease) return 'lease-ended';
    if (lease.assetId !== claims.asset_id) return 'wrong-asset';
    return playableById(options.catalogue, claims.asset_id)?.playbackId === claims.sub ? null : 'wrong-asset';
  };
}
