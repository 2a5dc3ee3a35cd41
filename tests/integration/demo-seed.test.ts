/**
 * The local demo accounts' platform data (README "Demo accounts"): each subscriber account holds the
 * demo subscription, whatever the order of seeding, and seeding twice changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/local/cognito.mjs';
import { DEMO_SUBSCRIBER_ENTITLEMENTS, seedDemoPlatformData } from '../../scripts/local/platform.mjs';
import { activeEntitlementNames, listEntitlements } from '../../src/platform/storage/entitlements';
import { getUserBySub } from '../../src/platform/storage/users';
import { useMemoryDatabase } from '../support/memoryDatabase';

const mem = useMemoryDatabase();
const accounts = DEMO_ACCOUNTS.map((account, i) => ({ ...account, sub: `00000000-0000-4000-8000-00000000000${i}` }));

describe('seedDemoPlatformData', () => {
  it('gives both subscriber accounts the demo subscription and the others none; a second run adds nothing', async () => {
    const at = new Date('2026-08-24T08:00:00Z');
    await seedDemoPlatformData(mem.storage.db, accounts, at);
    await seedDemoPlatformData(mem.storage.db, accounts, at);
    for (const account of accounts) {
      const user = await getUserBySub(mem.storage.db, account.sub);
      const names = await activeEntitlementNames(mem.storage.db, user!.id, at);
      const subscribed = account.role === 'subscriber' || account.role === 'household';
      expect(names, account.email).toEqual(subscribed ? [...DEMO_SUBSCRIBER_ENTITLEMENTS].sort() : []);
      expect(await listEntitlements(mem.storage.db, user!.id)).toHaveLength(subscribed ? DEMO_SUBSCRIBER_ENTITLEMENTS.length : 0);
    }
  });
});
