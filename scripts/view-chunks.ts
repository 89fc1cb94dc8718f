/**
 * Chunk grouping for the browser build (ADR 023): each server-rendered public view (home, promotions, business
 * page) is a lazy chunk of its own, and the code two of them share goes to the first load instead of Rolldown's
 * automatic common chunks. Left to itself Rolldown cut the views' code into a dozen small files by which lazy
 * entries share each module, and every file costs its own gzip dictionary: the home page grew by 7 kB when its
 * view went lazy. The grouping needs the module graph, which exists only after the build phase: the plugin reads
 * it in `buildEnd` and the groups' `test` functions, called later while chunking, consult what it found.
 */
import type { Plugin } from 'vite';
import { importSpecifiers } from './import-specifiers';

/** Source paths (relative to the web root, as in Vite's manifest) of the views a public page hydrates. */
type ViewModules = readonly string[];

interface Graph {
  /** Statically reachable from the entry: the first load of every page. */
  initial: Set<string>;
  /** Module → the public views that reach it statically (outside the first load). */
  views: Map<string, Set<string>>;
}

/** The names a module imports from another ('*': all of them, or a side effect, or unknown). */
type Names = string[] | '*';
interface Edge {
  id: string;
  /** Imported names; null for a pure re-export (`export { a } from`), which the module itself does not use. */
  names: Names | null;
  /** For `export … from`: exported name → the name it has in the source module ('*' for `export *`). */
  reexport: Map<string, string> | null;
  /** For an import: [imported name ('*' for a namespace), local binding]. */
  locals: Array<readonly [string, string]>;
}

/** The static imports and re-exports of a module's code (after Vite's transforms: plain ESM, no types). */
function staticImports(code: string) {
  const out: Array<Omit<Edge, 'id'> & { spec: string }> = [];
  const re =
    /(?:^|[;\n])\s*(import|export)\s*([^'";]*?)\s*from\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']/g;
  // Where imported bindings are used: the code without its comments and import/export-from statements. A rough
  // cut (a "//" inside a string may hide a use): the grouping may be less tight, the bundle is right regardless.
  const body = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(re, '');
  for (const m of code.matchAll(re)) {
    if (m[4]) {
      out.push({ spec: m[4], names: '*', reexport: null, locals: [] });
      continue;
    }
    const [, kind, clause = '', spec = ''] = m;
    const braces = /\{([^}]*)\}/.exec(clause);
    const specifiers = importSpecifiers(braces?.[1] ?? '');
    const whole = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    if (kind === 'export') {
      const reexport = new Map<string, string>();
      if (whole.startsWith('*')) reexport.set(whole.replace(/^\*\s*(as\s+)?/, '') || '*', '*');
      for (const [from, as] of specifiers) reexport.set(as, from);
      out.push({ spec, names: null, reexport, locals: [] });
    } else {
      // `import { contract }` used only as `contract.comercios`: the names are `contract.comercios`, so a namespace
      // re-export (`export * as contract`) leads to that member alone.
      const names = specifiers.flatMap(([from, local]) => {
        const uses = [
          ...body.matchAll(new RegExp(`(?<![\\w$.])${local.replace(/\$/g, '\\$')}(?![\\w$])(\\.(\\w+))?`, 'g')),
        ];
        const members = uses.map((u) => u[2]);
        return members.length > 0 && members.every(Boolean) ? [...new Set(members)].map((m) => `${from}.${m}`) : [from];
      });
      const namespace = /^\*\s*as\s+([\w$]+)/.exec(whole)?.[1];
      if (namespace) out.push({ spec, names: '*', reexport: null, locals: [['*', namespace]] });
      else {
        const locals = whole ? [...specifiers, ['default', whole] as const] : specifiers;
        out.push({ spec, names: whole ? [...names, 'default'] : names, reexport: null, locals });
      }
    }
  }
  return out;
}

/**
 * A module that only re-exports (a feature's index.ts, lucide-react's and TanStack Query's entries): nothing but
 * `export … from`, imports it exports again, comments and directives.
 */
function isBarrel(code: string) {
  const rest = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/export\s*(\*(\s*as\s+\w+)?|\{[^}]*\})\s*from\s*["'][^"']+["']\s*;?/g, '')
    .replace(/import\s*(\*\s*as\s+[\w$]+|\{[^}]*\})\s*from\s*["'][^"']+["']\s*;?/g, '')
    .replace(/export\s*\{[^}]*\}\s*;?/g, '')
    .replace(/["']use strict["']\s*;?/g, '');
  return rest.trim() === '';
}

export function viewChunks(viewModules: ViewModules) {
  let graph: Graph | null = null;
  // The SSR build (same rolldownOptions, no lazy chunks to group) has no graph: the groups take nothing there.
  const empty: Graph = { initial: new Set(), views: new Map() };
  const need = () => graph ?? empty;

  const plugin: Plugin = {
    name: 'vidriera:view-chunks',
    apply: 'build',
    async buildEnd() {
      // The SSR build has no lazy chunks to group.
      if (this.environment.config.consumer !== 'client') return;
      const ids = [...this.getModuleIds()];
      const edges = new Map<string, Edge[]>();
      const barrels = new Set<string>();
      await Promise.all(
        ids.map(async (id) => {
          const code = this.getModuleInfo(id)?.code ?? '';
          const parsed = await Promise.all(
            staticImports(code).map(async ({ spec, ...edge }) => {
              const resolved = await this.resolve(spec, id);
              return resolved && !resolved.external ? { id: resolved.id, ...edge } : null;
            }),
          );
          const list = parsed.filter((e) => e !== null);
          edges.set(id, list);
          if (isBarrel(code)) {
            // `import { a } from './a'; export { a as b }` is a re-export too (TanStack Query's entry is written so).
            const exportedAs = new Map<string, string[]>();
            for (const list of code.matchAll(/export\s*\{([^}]*)\}(?!\s*from)/g))
              for (const item of list[1]!
                .split(',')
                .map((x) => x.trim())
                .filter(Boolean)) {
                const [local, as] = item.split(/\s+as\s+/);
                exportedAs.set(local!, [...(exportedAs.get(local!) ?? []), as ?? local!]);
              }
            for (const e of list)
              for (const [from, local] of e.locals)
                for (const name of exportedAs.get(local) ?? []) (e.reexport ??= new Map()).set(name, from);
            barrels.add(id);
          }
        }),
      );
      // What a module needs from `id` when it imports `names` from it: a barrel leads only to the modules that
      // define those names (importing one lucide icon is not importing all 1,600 of them).
      const closure = (start: string, stop: Set<string>) => {
        const seen = new Set<string>();
        const stack: Array<[string, Names]> = [[start, '*']];
        while (stack.length) {
          const [id, names] = stack.pop()!;
          if (barrels.has(id) && names !== '*') {
            for (const e of edges.get(id) ?? []) {
              const reexport = e.reexport ?? new Map<string, string>();
              // `export * from`: any of the names may come from there.
              if (reexport.get('*') === '*') stack.push([e.id, names]);
              const wanted: string[] = [];
              let all = false;
              for (const name of names) {
                const [head = '', ...rest] = name.split('.');
                const from = reexport.get(head);
                if (from === undefined) continue;
                const member = rest.join('.');
                // A namespace re-export: its member is a name of that module; the namespace itself is all of it.
                if (from === '*') {
                  if (member) wanted.push(member);
                  else all = true;
                } else wanted.push(member ? `${from}.${member}` : from);
              }
              if (all || wanted.length) stack.push([e.id, all ? '*' : wanted]);
            }
            continue;
          }
          if (seen.has(id) || stop.has(id)) continue;
          seen.add(id);
          for (const e of edges.get(id) ?? []) stack.push([e.id, e.names ?? '*']);
        }
        return seen;
      };
      const initial = new Set<string>();
      for (const id of ids) {
        if (this.getModuleInfo(id)?.isEntry) for (const m of closure(id, initial)) initial.add(m);
      }
      const views = new Map<string, Set<string>>();
      for (const view of viewModules) {
        const id = ids.find((i) => i.endsWith(`/${view}`));
        if (!id) throw new Error(`view-chunks: no module ${view} in the web build`);
        for (const m of closure(id, initial)) views.set(m, (views.get(m) ?? new Set()).add(view));
      }
      graph = { initial, views };
    },
    generateBundle() {
      if (this.environment.config.consumer === 'client' && !graph)
        throw new Error('view-chunks: the browser build was chunked without its module graph');
    },
  };

  /** Rolldown's `output.codeSplitting.groups`: first load, then one chunk per public view. */
  const groups = [
    {
      name: 'initial',
      priority: 2,
      // Shared by two or more public views: every public page but one needs it, and a separate chunk would cost
      // more in gzip overhead than the bytes a page that does not use it receives.
      test: (id: string) => need().initial.has(id) || (need().views.get(id)?.size ?? 0) >= 2,
    },
    {
      name: (id: string) => {
        const owners = need().views.get(id);
        if (owners?.size !== 1) return null;
        const [view] = owners;
        return view!.replace(/^.*\//, '').replace(/\.tsx?$/, '');
      },
      debugName: 'public views',
      priority: 1,
    },
  ];

  return { plugin, groups };
}
