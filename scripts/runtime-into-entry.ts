/**
 * Vite plugin for the browser build: Rolldown's runtime helpers (`__commonJSMin`, `__toESM`, `__exportAll`, for
 * React's CommonJS builds and namespace imports) go into the entry chunk instead of a chunk of their own (ADR 023).
 *
 * Why: Rolldown places its runtime module in a standalone chunk first and folds it into another chunk only when
 * that is provably safe; a `codeSplitting` group's chunk (our entry, scripts/view-chunks.ts) is never chosen unless
 * it is the only chunk using the helpers, and group `test`s are never asked about the runtime. So every page
 * loaded a 0.46 kB file (gzip) beside the entry: one more request and one more gzip dictionary. Here it is safe:
 * the runtime imports nothing, and every other chunk runs after the entry (they are all loaded, directly or not,
 * through the entry's dynamic imports), so importing the helpers from the entry adds no cycle and no early run.
 *
 * How: in `renderChunk`, before minification and while file names still hold hash placeholders (so each chunk's
 * hash follows its final content, Rolldown hashes after this hook), the runtime's code replaces the entry's import
 * of it and the entry exports the helpers under free names; every other chunk imports them from the entry on the
 * same line it imported them from the runtime. In `generateBundle` the unused runtime file is dropped and the
 * chunks' `imports` name the entry instead, before Vite writes index.html's modulepreloads and the manifest.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { importSpecifiers as specifiers } from './import-specifiers';

const RUNTIME_ID = '\0rolldown/runtime.js';

/** `import { n as __exportAll, r as __toESM } from "./rolldown-runtime-…js";` (Rolldown's own output, unminified). */
const importOf = (file: string) =>
  new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']\\./${escape(path.posix.basename(file))}["'];?`, 'g');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Short export names in Rolldown's style (a, b, …, Z, $, _, aa, …), skipping those the entry already exports. */
function* freeNames(taken: Set<string>) {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ$_';
  for (let length = 1; ; length++) {
    const next = (prefix: string, left: number): string[] =>
      left === 0 ? [prefix] : [...chars].flatMap((c) => next(prefix + c, left - 1));
    for (const name of next('', length)) if (!taken.has(name)) yield name;
  }
}

export function runtimeIntoEntry(): Plugin {
  /** Preliminary (placeholder) file names, for generateBundle: final names are the same with the hash filled in. */
  let merged: { runtime: string; entry: string } | null = null;

  return {
    name: 'vidriera:runtime-into-entry',
    apply: 'build',
    renderStart() {
      merged = null;
    },
    renderChunk(code, chunk, _options, { chunks }) {
      if (this.environment.config.consumer !== 'client') return null;
      const all = Object.values(chunks);
      const runtime = all.find((c) => c.moduleIds.length === 1 && c.moduleIds[0] === RUNTIME_ID);
      const entries = all.filter((c) => c.isEntry);
      // Rolldown folded the runtime somewhere itself, or this is not the one-entry browser build.
      if (!runtime || entries.length !== 1) return null;
      const entry = entries[0]!;
      if (!entry.imports.includes(runtime.fileName))
        this.error(`runtime-into-entry: the entry ${entry.fileName} does not import ${runtime.fileName}`);
      merged = { runtime: runtime.fileName, entry: entry.fileName };
      if (chunk.fileName === runtime.fileName || !chunk.imports.includes(runtime.fileName)) return null;

      const runtimeCode = runtime.modules[RUNTIME_ID]?.code;
      if (!runtimeCode) this.error(`runtime-into-entry: no code for ${RUNTIME_ID} in ${runtime.fileName}`);
      // The helpers other modules call: those the runtime's own code does not (the rest serve them). Every chunk
      // works the entry's export names out alike, from what every renderChunk call sees.
      const declared = [...runtimeCode.matchAll(/^var\s+([\w$]+)\s*=/gm)].map((m) => m[1]!);
      const helpers = declared
        .filter((name) => runtimeCode.match(new RegExp(`(?<![\\w$.])${escape(name)}(?![\\w$])`, 'g'))!.length === 1)
        .sort();
      const names = freeNames(new Set(entry.exports));
      const exportName = new Map(helpers.map((helper) => [helper, names.next().value!]));

      const imports = [...code.matchAll(importOf(runtime.fileName))];
      if (imports.length !== 1)
        this.error(`runtime-into-entry: ${chunk.fileName} imports ${runtime.fileName} ${imports.length} times`);
      const [statement, list] = [imports[0]![0], imports[0]![1]!];
      // [local binding, the helper it is]: Rolldown names a binding after the helper, with `$1`… when deconflicted.
      const wanted = specifiers(list).map(([, local]) => {
        const helper = local.replace(/\$\d+$/, '');
        if (!exportName.has(helper))
          this.error(
            `runtime-into-entry: ${chunk.fileName} imports ${local}, not one of the helpers ${helpers.join(', ')}`,
          );
        return [local, helper] as const;
      });

      let replacement: string;
      if (chunk.fileName === entry.fileName) {
        // The runtime's declarations on the import's line (one line: the rest of the source map stays right).
        const body = runtimeCode
          .split('\n')
          .filter((line) => !line.trim().startsWith('//'))
          .map((line) => line.trim())
          .join(' ');
        const rest = code.replace(statement, '');
        for (const name of declared)
          if (
            !wanted.some(([local]) => local === name) &&
            new RegExp(`(?<![\\w$.])${escape(name)}(?![\\w$])`).test(rest)
          )
            this.error(`runtime-into-entry: ${name} is both a runtime helper and a name in the entry`);
        const aliases = wanted
          .filter(([local, helper]) => local !== helper)
          .map(([local, helper]) => `var ${local} = ${helper};`);
        const exportList = [...exportName].map(([helper, name]) => `${helper} as ${name}`).join(', ');
        replacement = `${body} ${aliases.join(' ')} export { ${exportList} };`;
      } else {
        const from = path.posix.relative(path.posix.dirname(chunk.fileName), entry.fileName);
        const list = wanted.map(([local, helper]) => `${exportName.get(helper)} as ${local}`).join(', ');
        replacement = `import { ${list} } from "${from.startsWith('.') ? from : `./${from}`}";`;
      }
      const out = code.replace(statement, () => replacement);
      if (out.includes(path.posix.basename(runtime.fileName)))
        this.error(`runtime-into-entry: ${chunk.fileName} still names ${runtime.fileName}`);
      return { code: out, map: null };
    },
    // Before Vite's own generateBundle hooks: index.html's modulepreloads and the manifest come from `imports`.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        if (!merged) return;
        const final = (preliminary: string) => {
          const pattern = new RegExp(`^${escape(preliminary).replace(/!~\\\{\w+\\\}~/g, '[\\w-]+')}$`);
          const found = Object.keys(bundle).filter((f) => pattern.test(f));
          if (found.length !== 1) this.error(`runtime-into-entry: ${preliminary} is ${found.length} files`);
          return found[0]!;
        };
        const runtime = final(merged.runtime);
        const entry = final(merged.entry);
        delete bundle[runtime];
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.imports.includes(runtime)) continue;
          const imports = chunk.imports.filter((f) => f !== runtime);
          if (chunk.fileName !== entry && !imports.includes(entry)) imports.unshift(entry);
          chunk.imports = imports;
        }
      },
    },
  };
}
