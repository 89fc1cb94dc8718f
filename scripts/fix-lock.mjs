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

// The same holds for every native-binding package whose binaries for other platforms the registry here lacks
// (oxc-parser for knip, unrs-resolver for eslint-plugin-import-x…): each optional dependency missing from the
// lock is recorded as an optional entry restricted to the os/cpu/libc its name states.
const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm', 'arm64', 'x64', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32', 'mips64el'];
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || lock.packages[`${where}/node_modules/${name}`]) continue;
    if (!/^\d+\.\d+\.\d+/.test(spec)) continue;
    const parts = name.split('/').pop().split('-');
    const os = parts.find((p) => OS.includes(p));
    const cpu =
      parts.find((p) => CPU.includes(p)) ?? (parts.includes('eabi') || parts.includes('gnueabihf') ? 'arm' : undefined);
    if (!os && !cpu) continue;
    const libc =
      os === 'linux'
        ? parts.some((p) => p.startsWith('musl'))
          ? 'musl'
          : parts.some((p) => p.startsWith('gnu'))
            ? 'glibc'
            : undefined
        : undefined;
    lock.packages[key] = {
      version: spec,
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
