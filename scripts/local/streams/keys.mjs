// @ts-check
/**
 * Local playback signing keys: generated on first run into
 * `<stateDir>/keys/playback-signing-keys.json` (LOCAL_STATE_DIR, default .terrace; gitignored,
 * never committed), newest first, and handed to the platform API and the stream host as
 * PLAYBACK_SIGNING_KEYS (src/streaming/server/streamingConfig.ts). Production sets that variable instead
 * (Mux's signing key id and base64 private key).
 *
 * - `ensurePlaybackKeys({ stateDir })` → { keys: [{ kid, createdAt }], env: { PLAYBACK_SIGNING_KEYS } }
 *   makes one RSA-2048 key when there is none.
 * - `rotatePlaybackKeys({ stateDir })` puts a new key first and keeps the previous one (tokens it
 *   signed stay valid until they expire), dropping any older.
 * Standalone: `node scripts/local/streams/keys.mjs [rotate]` prints the key ids.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * @typedef {object} StoredKey
 * @property {string} kid
 * @property {string} createdAt ISO instant
 * @property {string} privateKeyPem PKCS#8 PEM
 */

/** @param {string | undefined} stateDir */
function keysFile(stateDir) {
  const root = path.resolve(stateDir ?? (process.env.LOCAL_STATE_DIR || path.join(PROJECT_ROOT, '.terrace')));
  return path.join(root, 'keys', 'playback-signing-keys.json');
}

/** @returns {StoredKey} */
function newKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    kid: `local-${randomBytes(6).toString('hex')}`,
    createdAt: new Date().toISOString(),
    privateKeyPem: /** @type {string} */ (privateKey.export({ type: 'pkcs8', format: 'pem' })),
  };
}

/**
 * @param {string} file
 * @returns {Promise<StoredKey[]>}
 */
async function readKeys(file) {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8'));
    const keys = Array.isArray(parsed?.keys) ? parsed.keys : [];
    return keys.filter(
      (/** @type {any} */ key) => typeof key?.kid === 'string' && typeof key?.privateKeyPem === 'string' && typeof key?.createdAt === 'string',
    );
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return [];
    throw new Error(`${file} is not readable; delete it to make a new key`, { cause: error });
  }
}

/**
 * @param {string} file
 * @param {StoredKey[]} keys
 */
async function writeKeys(file, keys) {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ keys }, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}

/**
 * @param {StoredKey[]} keys
 * @returns {{ keys: { kid: string, createdAt: string }[], env: { PLAYBACK_SIGNING_KEYS: string } }}
 */
function describe(keys) {
  return {
    keys: keys.map(({ kid, createdAt }) => ({ kid, createdAt })),
    env: {
      PLAYBACK_SIGNING_KEYS: keys.map((key) => `${key.kid}:${Buffer.from(key.privateKeyPem, 'utf8').toString('base64')}`).join(','),
    },
  };
}

/**
 * The local signing keys, made on first use.
 * @param {{ stateDir?: string }} [options]
 */
export async function ensurePlaybackKeys(options = {}) {
  const file = keysFile(options.stateDir);
  let keys = await readKeys(file);
  if (keys.length === 0) {
    keys = [newKey()];
    await writeKeys(file, keys);
  }
  return describe(keys);
}

/**
 * A new key first, the previous one kept (so tokens it signed stay valid), older ones dropped.
 * @param {{ stateDir?: string }} [options]
 */
export async function rotatePlaybackKeys(options = {}) {
  const file = keysFile(options.stateDir);
  const keys = [newKey(), ...(await readKeys(file)).slice(0, 1)];
  await writeKeys(file, keys);
  return describe(keys);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rotate = process.argv[2] === 'rotate';
  const result = rotate ? await rotatePlaybackKeys() : await ensurePlaybackKeys();
  process.stdout.write(`${rotate ? 'rotated; ' : ''}playback signing keys, newest (signing) first:\n`);
  for (const key of result.keys) process.stdout.write(`  ${key.kid}  made ${key.createdAt}\n`);
}
