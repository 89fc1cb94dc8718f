// `npm start` builds the SPA only when dist/web is missing or older than the sources that go into it.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const output = path.join(root, 'dist/web/index.html');
const inputs = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newest(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const s = statSync(full);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(path.join(p, name))));
}

if (!existsSync(output) || statSync(output).mtimeMs < Math.max(...inputs.map(newest))) {
  console.log('Building the web app…');
  execSync('npx vite build', { cwd: root, stdio: 'inherit' });
}
