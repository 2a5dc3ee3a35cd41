/** The browser's API paths are the routes' own (src/platform/client.ts): checked by type, filled by apiPath. */
import { describe, expect, it } from 'vitest';
import { createPlatformApp } from '../../src/platform/app';
import { createJsonLogger } from '../../src/platform/deps';
import { parsePlatformEnv } from '../../src/platform/env';
import { API_PATHS, apiPath, OPENAPI_PATH, type ApiPath } from '../../src/platform/client';

describe('API paths', () => {
  it('are every one a route of the OpenAPI document', async () => {
    const res = await createPlatformApp({ env: parsePlatformEnv({}), logger: createJsonLogger('silent'), eventSink: () => {} }).request(OPENAPI_PATH);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    for (const path of Object.values(API_PATHS)) expect(Object.keys(doc.paths)).toContain(path.replace(/:(\w+)/g, '{$1}'));
  });

  it('fill path parameters, encoded', () => {
    expect(apiPath(API_PATHS.entitlements, { userId: 'a b/c' })).toBe('/api/users/entitlements/a%20b%2Fc');
  });

  it('refuse, at compile time, a path no route serves and a missing parameter', () => {
    // @ts-expect-error -- not a route of the platform API
    const unknown: ApiPath = '/api/session/checks';
    // @ts-expect-error -- userId is required
    const missing = () => apiPath('/api/users/entitlements/:userId', {});
    expect([unknown, typeof missing]).toHaveLength(2);
  });
});
