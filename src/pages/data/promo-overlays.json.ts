/**
 * GET /data/promo-overlays.json: the overlay promos as the promo overlays call answers
 * (spec §7 "GET {promo overlays API}/promo-overlays/?channel=Web": the body is a list of promos,
 * spec §3 Promo overlay fields), emitted at build time from the promoOverlays collection until the
 * platform API serves it. The browser keeps those inside their time window (src/lib/promos); the
 * list holds every promo, ordered by start time (so "the first unseen" is the earliest started),
 * and does not depend on when the site was built.
 */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import type { PromoOverlay } from '../../lib/promos';

export const GET: APIRoute = async () => {
  const promos: PromoOverlay[] = (await getCollection('promoOverlays'))
    .map(({ data }) => ({
      promoID: data.promoID,
      type: data.type,
      url: data.url,
      webNewWindow: data.webNewWindow,
      imageKey: data.imageKey,
      imageAltText: data.imageAltText,
      startDateTime: data.startDateTime,
      endDateTime: data.endDateTime,
    }))
    .sort((a, b) => Date.parse(a.startDateTime) - Date.parse(b.startDateTime));
  return new Response(JSON.stringify(promos), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
