/**
 * The accounts feature (accounts contract /work/accounts-contract.md): one
 * router of every /api accounts route — password accounts (passwordRoutes.ts), the signed-in
 * supporter's own account (profileRoutes.ts), the spec §7 session endpoints (sessionRoutes.ts) and
 * the hosted sign-in's authorize redirect (hostedRoutes.ts). The /auth/callback/ handler is
 * mounted by createPlatformApp at the site root (createCallbackApp).
 */
import type { PlatformDeps } from '../../platform/deps.ts';
import { createRouter } from '../../platform/http/validation.ts';
import { createHostedSignInRouter } from './hostedRoutes.ts';
import { createPasswordRouter } from './passwordRoutes.ts';
import { createProfileRouter } from './profileRoutes.ts';
import { createSessionRouter } from './sessionRoutes.ts';

export { createCallbackApp } from './hostedRoutes.ts';
export type { SessionUser } from './signedInSession.ts';

/** Every /api accounts route (mounted at /api by createPlatformApp). */
export function createAccountsRouter(deps: PlatformDeps) {
  return createRouter()
    .route('/', createPasswordRouter(deps))
    .route('/', createProfileRouter(deps))
    .route('/', createSessionRouter(deps))
    .route('/', createHostedSignInRouter(deps));
}
