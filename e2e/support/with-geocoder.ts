/**
 * `node --import tsx e2e/support/with-geocoder.ts <command…>` — runs the owner server of the browser tests
 * (playwright.config.ts) with GEOCODER_URL pointing at a local Nominatim double that lives in this process, on
 * a port the system picks: no fixed port to collide with other runs, nothing test-only in the shipped server,
 * and the guest server keeps no geocoder. The double knows the address e2e/owner-geocoder.spec.ts looks up
 * (./geocoder-places.ts) and finds nothing else.
 */
import { spawn } from 'node:child_process';
import { nominatimPlace, startNominatimDouble } from '#test/server/nominatim-double';
import { foldAccents } from '#shared/text';
import { PERU_1050 } from './geocoder-places';

const double = await startNominatimDouble((q) =>
  foldAccents(q).includes('peru 1050') ? PERU_1050.map((p, i) => nominatimPlace(p.lat, p.lng, p.nombre, i + 1)) : [],
);
const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: with-geocoder.ts <command> [args…]');
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, GEOCODER_URL: double.url } });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  void double.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
