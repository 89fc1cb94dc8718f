/**
 * `perf script -i node.data | npx tsx bench/perf-fold.ts [dist/server]` — a Linux `perf` profile of the compiled
 * server, summed by what spent it (issue 34: where a cache miss's CPU goes). Each sample is given to its nearest
 * meaningful frame from the leaf up: brotli, gzip, V8's garbage collector or compiler, JSON, a package
 * (node_modules), a Node.js module, or a project source file, bundled frames mapped through the build's source
 * maps; kernel time goes to the frame that called into it. Then inclusive shares by project file and by function.
 * Record the server with JavaScript frames named:
 *   node --perf-basic-prof-only-functions --interpreted-frames-native-stack dist/server/main.js
 *   perf record -F 499 -g -p <pid> -o node.data   (while the load runs)
 * TOP (30) and TOPF (40) set how many lines each list prints. bench/results/2026-11-27-miss-profile.md has an
 * example.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import readline from 'node:readline';

const maps = new Map<string, SourceMap | null>();
function original(file: string, line: number, column: number) {
  if (!maps.has(file)) {
    const map = `${file}.map`;
    maps.set(file, existsSync(map) ? new SourceMap(JSON.parse(readFileSync(map, 'utf8')) as never) : null);
  }
  const entry = maps.get(file)?.findEntry(line - 1, column - 1);
  return entry && 'originalSource' in entry
    ? { source: entry.originalSource.replace(/^(\.\.\/)+/, ''), line: entry.originalLine + 1 }
    : null;
}

const JS_FRAME = /^(?:JS|Eval):[*^~+]?(.*?) ?(file:\/\/|\/|node:)(\S*?):(\d+):(\d+)$/;
const packageOf = (path: string) => {
  const m = path.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  // Drizzle's source maps name its sources node_modules/src/….
  return m ? (m[1] === 'src' ? 'drizzle-orm' : m[1]) : null;
};

function jsFrame(symbol: string) {
  const m = symbol.replace(/\+0x[0-9a-f]+$/, '').match(JS_FRAME);
  if (!m) return null;
  const [, name, scheme, path, line, column] = m as unknown as [string, string, string, string, string, string];
  if (scheme === 'node:') return { name, where: `node:${path}`, kind: 'node' as const };
  const file = (scheme === 'file://' ? '' : '/') + path;
  const pkg = packageOf(file);
  if (pkg) return { name, where: `${file.replace(/^.*node_modules\//, '')}:${line}`, kind: 'pkg' as const, pkg };
  const o = original(file, Number(line), Number(column));
  if (!o) return { name, where: `${file}:${line}`, kind: 'file' as const };
  const pkg2 = packageOf(o.source);
  if (pkg2)
    return { name, where: `${o.source.replace(/^node_modules\//, '')}:${o.line}`, kind: 'pkg' as const, pkg: pkg2 };
  return { name, where: `${o.source}:${o.line}`, kind: 'src' as const, source: o.source };
}

function category(symbol: string): string | null {
  if (/Brotli|CreateBackwardReferences|EncodeData|BlockSplitter|StoreSymbol|BuildAndStoreHuffman/.test(symbol))
    return 'compression: brotli';
  if (/deflate|longest_match|compress_block|fill_window/.test(symbol)) return 'compression: gzip';
  if (/Scaveng|MarkCompact|ConcurrentMarking|MinorMark|Sweeper|GCTracer|Heap::Collect|IncrementalMarking/.test(symbol))
    return 'V8 garbage collector';
  if (/JsonStringifier/.test(symbol)) return 'JSON.stringify (native)';
  if (/JsonParser/.test(symbol)) return 'JSON.parse (native)';
  if (/compiler::|Maglev|Turbofan|Compile/.test(symbol) && !symbol.startsWith('JS:')) return 'V8 compiler';
  const js = jsFrame(symbol);
  if (!js) return null;
  if (js.kind === 'node') return js.where.replace(/:\d+:\d+.*$/, '');
  if (js.kind === 'pkg') return `package ${js.pkg}`;
  return js.kind === 'src' ? `project ${js.source}` : `file ${js.where}`;
}

const self = new Map<string, number>();
const bySource = new Map<string, number>();
const byFunction = new Map<string, number>();
const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
let samples = 0;
let stack: string[] = [];

function flush() {
  if (!stack.length) return;
  samples++;
  let found: string | null = null;
  for (const frame of stack) if ((found = category(frame))) break;
  add(self, found ?? (stack[0]!.includes('[kernel') ? 'kernel, no JavaScript above' : 'native, other'));
  const sources = new Set<string>();
  const functions = new Set<string>();
  for (const frame of stack) {
    const js = jsFrame(frame);
    if (!js || js.kind === 'node') continue;
    functions.add(`${js.name || '(anonymous)'} ${js.where}`);
    if (js.kind === 'src') sources.add(js.source);
  }
  for (const s of sources) add(bySource, s);
  for (const f of functions) add(byFunction, f);
  stack = [];
}

const show = (title: string, m: Map<string, number>, n: number) => {
  console.log(`\n## ${title} (${samples} samples)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${((100 * v) / samples).toFixed(1).padStart(5)}%  ${k}`);
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) flush();
  else if (/^\s/.test(line)) {
    const m = line.trim().match(/^[0-9a-f]+ (.*?)(?: \([^)]*\))?$/);
    if (m) stack.push(m[1]!);
  } else flush();
}
flush();
show('self, by nearest meaningful frame', self, Number(process.env.TOP ?? 30));
show('inclusive, by project source file', bySource, 20);
show('inclusive, by function', byFunction, Number(process.env.TOPF ?? 40));
