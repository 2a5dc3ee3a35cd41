/**
 * The dataset's first match pass (data/demo/packages.json, written by scripts/demo/generate-streaming
 * for the next fixtures at the dataset's as-of instant), so tests buy the pass the data offers
 * instead of naming a fixture that moves with the clock.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface PackageRecord {
  id: string;
  mode: string;
  attributes: { title: string; priceData: { id: string; accessData: { entitlements: string[] } }[] };
}

const packages = JSON.parse(readFileSync(path.resolve('data/demo/packages.json'), 'utf8')) as PackageRecord[];
const pass = packages.find((p) => p.mode === 'match-pass');
if (!pass?.attributes.priceData[0]) throw new Error('data/demo/packages.json has no match pass with a price');

/** The match pass offer: package and price ids, as create-checkout takes them. */
export const MATCH_PASS = { packageId: pass.id, priceId: pass.attributes.priceData[0].id };

/** The match pass's title ('Match Pass: Home v Away'). */
export const MATCH_PASS_TITLE = pass.attributes.title;

/** The entitlement the match pass grants ('match-pass-<matchID>'). */
export const MATCH_PASS_ENTITLEMENT = pass.attributes.priceData[0].accessData.entitlements[0]!;
