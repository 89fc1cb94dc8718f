// The registry reachable here lacks @tailwindcss/oxide's binaries for other platforms, so npm cannot record
// them and `npm ci` then refuses the lock. Record them as optional, platform-restricted entries: npm skips
// them on this platform without fetching, exactly as it would with the registry's own metadata.
import fs from 'node:fs';
const file = process.argv[2];
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const oxide = lock.packages['node_modules/@tailwindcss/oxide'];
const platforms = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
for (const [suffix, fields] of Object.entries(platforms)) {
  const key = `node_modules/@tailwindcss/oxide-${suffix}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version: oxide.version,
    license: 'MIT',
    optional: true,
    ...fields,
    engines: { node: '>= 20' },
  };
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
