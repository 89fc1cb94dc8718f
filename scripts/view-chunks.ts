/**
 * Chunk grouping for the browser build (ADR 038): each server-rendered public view (home, promotions, business
 * page) is a lazy chunk of its own, and the code two of them share goes to the first load instead of Rolldown's
 * automatic common chunks. Left to itself Rolldown cuts the views' code into dozens of small files by which lazy
 * entries share each module, and every file costs a request and its own gzip dictionary. The grouping needs the
 * module graph, which exists only after the build phase: the plugin reads it in `buildEnd` (each module's code
 * through Rolldown's own parser, `this.parse`), and the groups' `test` functions, called later while chunking,
 * consult what it found. It follows which names a barrel re-exports, which Rolldown's graph (`importers`) does
 * not tell: without that every lucide icon and contract module would count as shared by every view.
 */
import type { Plugin } from 'vite';

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

/** An ESTree node as Rolldown's parser gives it (`this.parse`): only what this file reads. */
interface Node {
  type: string;
  [key: string]: unknown;
}
type Program = { body: Node[] };

const nameOf = (n: unknown) => {
  const node = n as { name?: string; value?: string } | null;
  return node?.name ?? node?.value ?? '';
};

/** Every identifier the code refers to, with the property read from it (`local.member`) if any. */
function identifierUses(program: Program) {
  const uses = new Map<string, Array<string | undefined>>();
  const visit = (node: unknown, parent: Node | null): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent);
      return;
    }
    if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
    const n = node as Node;
    // Import and re-export statements name bindings; they do not use them.
    if (n.type === 'ImportDeclaration' || (n.source && /^Export/.test(n.type))) return;
    if (n.type === 'Identifier') {
      // `x.local` reads a property, not the binding.
      if (parent?.type === 'MemberExpression' && parent.property === n && !parent.computed) return;
      const member =
        parent?.type === 'MemberExpression' && parent.object === n && !parent.computed
          ? nameOf(parent.property)
          : undefined;
      uses.set(n.name as string, [...(uses.get(n.name as string) ?? []), member]);
      return;
    }
    for (const [key, child] of Object.entries(n)) if (key !== 'type') visit(child, n);
  };
  visit(program.body, null);
  return uses;
}

/** The static imports and re-exports of a module (after Vite's transforms: plain ESM, no types). */
function staticImports(program: Program) {
  const out: Array<Omit<Edge, 'id'> & { spec: string }> = [];
  const uses = identifierUses(program);
  for (const node of program.body) {
    const spec = nameOf(node.source);
    if (!spec) continue;
    const specifiers = (node.specifiers as Node[] | undefined) ?? [];
    if (node.type === 'ExportAllDeclaration') {
      // `export * from` (any name may come from there) or `export * as ns from` (the namespace is all of it).
      out.push({ spec, names: null, reexport: new Map([[nameOf(node.exported) || '*', '*']]), locals: [] });
    } else if (node.type === 'ExportNamedDeclaration') {
      const reexport = new Map(specifiers.map((s) => [nameOf(s.exported), nameOf(s.local)] as const));
      out.push({ spec, names: null, reexport, locals: [] });
    } else if (node.type === 'ImportDeclaration') {
      if (specifiers.length === 0) {
        out.push({ spec, names: '*', reexport: null, locals: [] });
        continue;
      }
      const namespace = specifiers.find((s) => s.type === 'ImportNamespaceSpecifier');
      if (namespace) {
        out.push({ spec, names: '*', reexport: null, locals: [['*', nameOf(namespace.local)]] });
        continue;
      }
      const locals = specifiers.map(
        (s) => [s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(s.imported), nameOf(s.local)] as const,
      );
      // `import { contract }` used only as `contract.comercios`: the names are `contract.comercios`, so a namespace
      // re-export (`export * as contract`) leads to that member alone.
      const names = locals.flatMap(([from, local]) => {
        const members = uses.get(local) ?? [];
        return members.length > 0 && members.every(Boolean) ? [...new Set(members)].map((m) => `${from}.${m}`) : [from];
      });
      out.push({ spec, names, reexport: null, locals });
    }
  }
  return out;
}

/**
 * A module that only re-exports (a feature's index.ts, the icons' barrel and TanStack Query's entry): nothing but
 * `export … from`, named or namespace imports, `export { … }` of those, and directives.
 */
function isBarrel(program: Program) {
  return program.body.every(
    (n) =>
      n.type === 'ExportAllDeclaration' ||
      (n.type === 'ExportNamedDeclaration' && !n.declaration) ||
      (n.type === 'ImportDeclaration' &&
        (n.specifiers as Node[]).length > 0 &&
        (n.specifiers as Node[]).every((s) => s.type !== 'ImportDefaultSpecifier')) ||
      (n.type === 'ExpressionStatement' && typeof n.directive === 'string'),
  );
}

/** `export { a as b }` (no `from`): local name → the names it is exported as. */
function localExports(program: Program) {
  const exportedAs = new Map<string, string[]>();
  for (const n of program.body)
    if (n.type === 'ExportNamedDeclaration' && !n.source)
      for (const s of (n.specifiers as Node[] | undefined) ?? []) {
        const local = nameOf(s.local);
        exportedAs.set(local, [...(exportedAs.get(local) ?? []), nameOf(s.exported)]);
      }
  return exportedAs;
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
          let program: Program;
          try {
            program = this.parse(code) as unknown as Program;
          } catch (error) {
            this.error(`view-chunks: ${id} does not parse (${String(error)})`);
          }
          const parsed = await Promise.all(
            staticImports(program).map(async ({ spec, ...edge }) => {
              const resolved = await this.resolve(spec, id);
              return resolved && !resolved.external ? { id: resolved.id, ...edge } : null;
            }),
          );
          const list = parsed.filter((e) => e !== null);
          edges.set(id, list);
          if (isBarrel(program)) {
            // `import { a } from './a'; export { a as b }` is a re-export too (TanStack Query's entry is written so).
            const exportedAs = localExports(program);
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
