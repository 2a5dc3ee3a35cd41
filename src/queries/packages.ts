/**
 * The package catalogue (collection `packages`, spec §3 catalogue form) and the packages widget
 * data (streamer config `widget`, spec §3 Widget data) as the browser needs them: `PackageView`s
 * of src/payments/rules/packageRules with each description sanitised HERE, at build time (src/lib/sanitize), and
 * image keys turned into image-library URLs (spec §9 package landscape 800x450, background
 * 600x900). The packages widget (src/components/StreamerPage.astro) gets them as props; the
 * subscribe packages panel fetches them from /data/packages.json.
 */
import { getCollection, getEntry } from 'astro:content';
import { SINGLE_ENTRY_ID } from '../loaders/entryIds';
import { IMAGE_HANDLER, IMAGE_HOST } from '../config';
import { IMAGE_SIZES } from '../lib/constants';
import { imageUrl } from '../lib/images';
import type { PackageView, WidgetData } from '../payments/rules/packageRules';
import { sanitizeContentHtml } from '../lib/sanitize';

const image = (key: string, size: { width: number; height: number }) => imageUrl(key, size, { host: IMAGE_HOST, handler: IMAGE_HANDLER });

/** Every package in catalogue order, ready for the browser (bodies sanitised). */
export async function getPackageViews(): Promise<PackageView[]> {
  const packages = await getCollection('packages');
  return packages.map(({ data }) => {
    const a = data.attributes;
    return {
      id: data.id,
      mode: data.mode,
      title: a.title,
      bodyHtml: sanitizeContentHtml(a.description),
      styleMode: a.styleData.styleMode,
      displayType: a.styleData.displayType,
      icon: a.styleData.icon,
      customLabel: a.styleData.customLabel,
      imageUrl: image(a.imageData.landscape.imageKey, IMAGE_SIZES.packageLandscape),
      backgroundImageUrl: a.styleData.backgroundImageKey ? image(a.styleData.backgroundImageKey, IMAGE_SIZES.packageBackground) : null,
      prices: a.priceData.map((p) => ({
        id: p.id,
        type: p.type,
        priceDisplay: p.priceDisplay,
        offer: p.offer,
        furtherInformation: p.furtherInformation,
        backsideText: p.backsideText,
        entitlements: p.accessData.entitlements,
      })),
    };
  });
}

/** The packages widget data of the streamer config. */
export async function getWidgetData(): Promise<WidgetData> {
  const entry = await getEntry('streamer', SINGLE_ENTRY_ID);
  if (!entry) throw new Error(`Content feed has no streamer config (collection streamer, item "${SINGLE_ENTRY_ID}")`);
  return entry.data.widget;
}
