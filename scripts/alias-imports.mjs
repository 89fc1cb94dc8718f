// One-off codemod (kept for branches that predate it): rewrites imports that climb out of their folder
// ('../…') into the layer aliases #shared/*, #server/*, #web/* (tsconfig paths + Vite alias).
// Sibling imports ('./x') stay relative: they belong to the same module.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';

const root = process.cwd();
const layers = ['shared', 'server', 'web'];
const files = (
  process.argv.length > 2
    ? process.argv.slice(2)
    : execSync('git ls-files src e2e bench scripts', { encoding: 'utf8' }).split('\n')
).filter((f) => /\.(ts|tsx|mts)$/.test(f));
const pattern = /((?:from|import\(|mock\(|importActual\()\s*)'(\.\.?\/[^']+)'/g;
let changed = 0;
for (const file of files) {
  const source = readFileSync(file, 'utf8');
  const next = source.replace(pattern, (whole, lead, spec) => {
    if (spec.startsWith('./') && file.startsWith('src/')) return whole;
    const target = path.relative(root, path.resolve(path.dirname(file), spec));
    const layer = layers.find((l) => target === `src/${l}` || target.startsWith(`src/${l}/`));
    if (!layer) return whole;
    return `${lead}'#${layer}${target.slice(`src/${layer}`.length)}'`;
  });
  if (next !== source) {
    writeFileSync(file, next);
    changed++;
  }
}
console.log(`alias-imports: ${changed} files rewritten`);
