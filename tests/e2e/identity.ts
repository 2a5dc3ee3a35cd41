/**
 * What the account journeys need from the local identity stand-ins that `npm run serve` starts
 * (scripts/local/platform.mjs, docs/identity-local.md): the codes cognito-local "e-mailed" and an
 * admin client for setting up users, both found through the emulator's data folder
 * (`<LOCAL_STATE_DIR or .terrace>/cognito`: ids.json for the pool, `.cognito/config.json` for the
 * port it listens on, `.cognito/db/<pool>.json` for the users). The test process must see the
 * same LOCAL_STATE_DIR as the server (Playwright passes its environment to the web server).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect } from '@playwright/test';
import { createLocalCognitoClient } from '../../scripts/local/cognito.mjs';

const COGNITO_DIR = path.resolve(process.env.LOCAL_STATE_DIR || '.terrace', 'cognito');

interface PoolUser {
  Attributes?: { Name: string; Value?: string }[];
  ConfirmationCode?: string;
}

async function poolId(): Promise<string> {
  return (JSON.parse(await readFile(path.join(COGNITO_DIR, 'ids.json'), 'utf8')) as { userPoolId: string }).userPoolId;
}

/** The code cognito-local last "e-mailed" to `email` other than `previous` (sign-up or password reset). */
export async function emailedCode(email: string, previous?: string): Promise<string> {
  const file = path.join(COGNITO_DIR, '.cognito', 'db', `${await poolId()}.json`);
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        let pool: { Users?: Record<string, PoolUser> };
        try {
          pool = JSON.parse(await readFile(file, 'utf8')) as typeof pool;
        } catch {
          return false; // cognito-local is writing the file: read it again
        }
        const users = Object.values(pool.Users ?? {});
        const user = users.find((u) => (u.Attributes ?? []).some((a) => a.Name === 'email' && a.Value?.toLowerCase() === email.toLowerCase()));
        code = user?.ConfirmationCode;
        return code !== undefined && code !== previous;
      },
      { message: `a code e-mailed to ${email}` },
    )
    .toBe(true);
  return code!;
}

async function adminClient() {
  const config = JSON.parse(await readFile(path.join(COGNITO_DIR, '.cognito', 'config.json'), 'utf8')) as { ServerConfig: { hostname: string; port: number } };
  return createLocalCognitoClient({ endpoint: `http://${config.ServerConfig.hostname}:${config.ServerConfig.port}` });
}

/** Creates a confirmed user who must choose a new password at first sign-in (FORCE_CHANGE_PASSWORD). */
export async function createUserWithTemporaryPassword(email: string, temporaryPassword: string, name: string): Promise<void> {
  const client = await adminClient();
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: await poolId(),
      Username: email,
      TemporaryPassword: temporaryPassword,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: name },
      ],
    }),
  );
}

/**
 * Creates a confirmed user with a permanent password, ready to sign in: a fresh supporter of the
 * free tier (no entitlements) for journeys that change what an account holds (buying a package),
 * so the shared demo accounts keep their state for the other tests.
 */
export async function createConfirmedUser(email: string, password: string, name: string): Promise<void> {
  await createUserWithTemporaryPassword(email, `${password}-temporary`, name);
  const client = await adminClient();
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: await poolId(), Username: email, Password: password, Permanent: true }));
}
