/**
 * Entitlements of the signed-in supporter (spec §7 GET users/entitlements/{userId}; §5): 200 { data:
 * { attributes: { userID, entitlements, stripeCustomerID } } } with the entitlements in force now,
 * sorted (an empty list for none, where the spec allows 404); 403 forbidden for another user's id;
 * 401 not_signed_in / token_expired. The session is verified locally
 * (src/accounts/server/signedInSession.ts): no Cognito call, two short reads.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { readSession } from './signedInSession.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import { ApiError, errorResponses } from '../../platform/http/errors.ts';
import { createRouter } from '../../platform/http/validation.ts';
import { activeEntitlementNames } from '../../platform/storage/entitlements.ts';
import { findStripeCustomerId } from '../../platform/storage/stripe.ts';

/** The entitlement answer of spec §3 "Entitlement response". */
export const entitlementResponseSchema = z
  .object({
    data: z.object({
      attributes: z.object({
        userID: z.string(),
        entitlements: z.array(z.string()),
        stripeCustomerID: z.string().nullable(),
      }),
    }),
  })
  .openapi('EntitlementResponse');

/** The entitlements router (mounted at /api by createPlatformApp). */
export function createEntitlementsRouter(deps: PlatformDeps) {
  const getEntitlements = createRoute({
    method: 'get',
    path: '/users/entitlements/{userId}',
    tags: ['entitlements'],
    summary: "The signed-in user's entitlements and Stripe customer",
    request: {
      params: z.object({
        userId: z
          .string()
          .min(1)
          .max(64)
          .openapi({ param: { name: 'userId', in: 'path' } }),
      }),
    },
    responses: {
      200: { description: 'The entitlement record', content: { 'application/json': { schema: entitlementResponseSchema } } },
      ...errorResponses(401, 403),
    },
  });

  return createRouter().openapi(getEntitlements, async (c) => {
    const { userId } = c.req.valid('param');
    const { user } = await readSession(c, deps);
    if (userId !== user.id) throw new ApiError(403, 'forbidden', 'You can only read your own entitlements');
    const db = await deps.db.get();
    const [names, stripeCustomerID] = await Promise.all([activeEntitlementNames(db, user.id, deps.clock.now()), findStripeCustomerId(db, user.id)]);
    return c.json({ data: { attributes: { userID: user.id, entitlements: names, stripeCustomerID: stripeCustomerID ?? null } } }, 200);
  });
}
