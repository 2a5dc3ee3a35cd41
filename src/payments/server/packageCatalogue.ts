/**
 * The package catalogue as the payments API reads it (spec §3 Package, catalogue form):
 * the packages of data/demo/packages.json (imported, so the Netlify Function bundle carries them),
 * parsed with zod when the catalogue is made. A purchase names a package and one of its prices; the
 * price's accessData.entitlements are what it grants; fulfilment and the webhook find a price by
 * its Stripe price id (priceData[].id is the Stripe price id).
 */
import { z } from 'zod';
import packagesJson from '../../../data/demo/packages.json' with { type: 'json' };

const priceSchema = z.object({
  id: z.string().min(1),
  type: z.enum(['recurring', 'one-off']),
  accessData: z.object({ entitlements: z.array(z.string().trim().min(1)).min(1) }),
});

const packageSchema = z.object({
  id: z.string().min(1),
  mode: z.enum(['subscription', 'match-pass']),
  attributes: z.object({
    title: z.string().min(1),
    description: z.string(),
    successfulPaymentPage: z.string().min(1),
    cancelledPaymentPage: z.string().min(1),
    priceData: z.array(priceSchema).min(1),
  }),
});

/** A catalogue price (Stripe price id, type, entitlements granted). */
export type CataloguePrice = z.output<typeof priceSchema>;
/** A catalogue package with the fields payments read. */
export type CataloguePackage = z.output<typeof packageSchema>;

/** The payments view of the catalogue. */
export interface PackageCatalogue {
  /** A package by id, or null. */
  package(packageId: string): CataloguePackage | null;
  /** A package and one of its prices, or null when either is unknown. */
  offer(packageId: string, priceId: string): { pkg: CataloguePackage; price: CataloguePrice } | null;
  /** The package and price of a Stripe price id, or null (the first package naming it wins). */
  byPriceId(priceId: string): { pkg: CataloguePackage; price: CataloguePrice } | null;
}

/**
 * A catalogue over `packages` (default: the embedded data/demo/packages.json).
 * @throws ZodError naming the bad package when it does not parse
 */
export function createPackageCatalogue(packages: unknown = packagesJson): PackageCatalogue {
  const parsed = z.array(packageSchema).parse(packages);
  const byId = new Map(parsed.map((pkg) => [pkg.id, pkg]));
  const byPrice = new Map<string, { pkg: CataloguePackage; price: CataloguePrice }>();
  for (const pkg of parsed) for (const price of pkg.attributes.priceData) if (!byPrice.has(price.id)) byPrice.set(price.id, { pkg, price });
  return {
    package: (packageId) => byId.get(packageId) ?? null,
    offer(packageId, priceId) {
      const pkg = byId.get(packageId);
      const price = pkg?.attributes.priceData.find((entry) => entry.id === priceId);
      return pkg && price ? { pkg, price } : null;
    },
    byPriceId: (priceId) => byPrice.get(priceId) ?? null,
  };
}
