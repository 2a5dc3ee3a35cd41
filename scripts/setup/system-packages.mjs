// @ts-check
/**
 * Installs the Debian packages a command needs and the npm registry cannot ship, the way
 * `playwright install --with-deps` does: `node scripts/setup/system-packages.mjs chromium [java] [varnish]`.
 * - chromium: Debian's browser at /usr/bin/chromium (the end-to-end tests and Lighthouse);
 * - java: a headless Java runtime for the Nu Html Checker (`npm run quality:html`);
 * - varnish: the HTTP cache at /usr/sbin/varnishd that `npm run bench:live` puts in front of the site.
 * What is present is left alone. Missing packages are installed with apt-get, as root or through
 * `sudo -n`; where neither works it exits 1 printing the exact command to run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** @type {Record<string, { debian: string, present: () => boolean }>} */
const PARTS = {
  chromium: { debian: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  java: { debian: 'default-jre-headless', present: () => onPath('java') },
  varnish: { debian: 'varnish', present: () => existsSync('/usr/sbin/varnishd') },
};

/** @param {string} command */
function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in PARTS));
if (unknown.length) {
  console.error(`system-packages: unknown part(s) ${unknown.join(', ')}; known: ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}
const missing = wanted.flatMap((name) => {
  const part = PARTS[name];
  return part && !part.present() ? [part.debian] : [];
});
if (!missing.length) process.exit(0);

const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
const asRoot = process.getuid?.() === 0;
const sudo = !asRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
if (!asRoot && !sudo) {
  console.error(`Missing Debian package(s): ${missing.join(', ')}. Install them once, as root:\n  sudo sh -c '${command}'`);
  process.exit(1);
}
console.log(`Installing Debian package(s): ${missing.join(', ')} …`);
const prefix = asRoot ? [] : ['sudo', '-n'];
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const apt = (/** @type {string[]} */ args) => {
  const [file, ...rest] = [...prefix, ...args];
  execFileSync(/** @type {string} */ (file), rest, { stdio: ['ignore', 'inherit', 'inherit'], env });
};
try {
  apt(['apt-get', 'update', '-q']);
  // Slim images drop /usr/share/man, where the JRE's postinst links java.1.gz.
  apt(['mkdir', '-p', '/usr/share/man/man1']);
  apt(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...missing]);
} catch {
  console.error(`Installing failed. Run it yourself, as root:\n  ${command}`);
  process.exit(1);
}
