/**
 * Vite plugin for the builds, browser and SSR alike (so hydration sees the same markup): lucide-react's icons
 * drawn from one SVG sprite, `<svg …><use href="/assets/icons-<hash>.svg#heart"/></svg>` (ADR 023).
 *
 * Why: every icon's shapes were JavaScript on every page (≈ 2.5–3 kB gzipped of path data in a page's first load,
 * each shape with a random React key gzip cannot shrink) and inline SVG in every server-rendered page (41 kB of a
 * home page's markup, ADR 021). lucide-react 1.x also renders each icon through a provider context, class merging
 * and an attribute-name mapping (≈ 1.2 kB gzipped) that we do not use. Now the sprite, built from lucide-react's
 * own icon data, is one immutable file the browser caches; the component is a few lines. Markup as lucide draws
 * it: its default attributes, `lucide lucide-<name>` classes (aliases too), aria-hidden unless the icon has an
 * accessible prop; the shapes inherit stroke, width and colour from the <svg> through <use>.
 *
 * Which icons: every one the web app's sources import from lucide-react (src/web, tests aside). An icon the scan
 * missed keeps its shapes in JavaScript and draws inline, as before: a miss costs bytes, never an empty icon.
 * The dev server and Vitest keep lucide-react's own renderer.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const CREATE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.mjs$/;
const ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;

interface IconData {
  name: string;
  size?: number;
  node: Array<[string, Record<string, string>]>;
  aliases?: string[];
}

/** The names the web app imports from lucide-react (`import { Heart, type LucideIcon } from 'lucide-react'`). */
function importedIconNames(webDir: string): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const code = readFileSync(full, 'utf8');
        for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g))
          for (const item of m[1]!.split(',').map((x) => x.trim()))
            if (item && !item.startsWith('type ')) names.add(item.split(/\s+as\s+/)[0]!);
      }
    }
  };
  walk(webDir);
  return names;
}

/** lucide-react's entry: each exported name (and its aliases) → the icon module that defines it. */
function iconFiles(entryFile: string): Map<string, string> {
  const files = new Map<string, string>();
  const code = readFileSync(entryFile, 'utf8');
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g))
    for (const item of m[1]!.split(',')) {
      const exported = item.trim().split(/\s+as\s+/)[1];
      if (exported) files.set(exported, path.join(path.dirname(entryFile), m[2]!));
    }
  return files;
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function buildSprite(projectRoot: string) {
  const require = createRequire(path.join(projectRoot, 'package.json'));
  const entry = require.resolve('lucide-react').replace(/[\\/]cjs[\\/].*$/, '/esm/lucide-react.mjs');
  const files = iconFiles(entry);
  const icons = new Map<string, IconData>();
  for (const name of importedIconNames(path.join(projectRoot, 'src/web'))) {
    const file = files.get(name);
    if (!file) continue; // not an icon (LucideProvider, Icon, …)
    const { __iconData } = (await import(pathToFileURL(file).href)) as { __iconData: IconData };
    icons.set(__iconData.name, __iconData);
  }
  const symbols = [...icons.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((icon) => {
      const size = icon.size ?? 24;
      const shapes = icon.node
        .map(([tag, attrs]) => {
          const list = Object.entries(attrs)
            .filter(([k]) => k !== 'key')
            .map(([k, v]) => ` ${k}="${escape(String(v))}"`)
            .join('');
          return `<${tag}${list}/>`;
        })
        .join('');
      return `<symbol id="${icon.name}" viewBox="0 0 ${size} ${size}">${shapes}</symbol>`;
    });
  const source = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
  const hash = createHash('sha256').update(source).digest('base64url').replace(/[-_]/g, '').slice(0, 8);
  return { names: new Set(icons.keys()), source, fileName: `assets/icons-${hash}.svg` };
}

/** lucide-react's createLucideIcon, for an icon with its shapes (inline) or without (from the sprite). */
const createIconModule = (spriteUrl: string) => `
import { createElement } from 'react';

const accessible = (props) =>
  Object.keys(props).some((k) => (k.startsWith('aria-') || k === 'role' || k === 'title') && props[k] != null);

// \`ref\` is a plain prop in React 19: it reaches the <svg> through \`rest\`.
// An icon in the sprite comes as its name (and aliases); one drawn inline as lucide's data, shapes included.
export default function createLucideIcon(icon, aliases = []) {
  if (typeof icon === 'string') icon = { name: icon, aliases };
  const size = icon.size ?? 24;
  const classes = ['lucide', ...[icon.name, ...(icon.aliases ?? [])].map((n) => 'lucide-' + n)].join(' ');
  const shapes = icon.node
    ? icon.node.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))
    : createElement('use', { href: ${JSON.stringify(spriteUrl)} + '#' + icon.name });
  return function LucideIcon({ className, size: px = 24, strokeWidth = 2, color, children, ...rest }) {
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: px,
        height: px,
        viewBox: '0 0 ' + size + ' ' + size,
        fill: 'none',
        stroke: color || 'currentColor',
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: className ? classes + ' ' + className : classes,
        ...(children || accessible(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      shapes,
      children,
    );
  };
}
`;

export function lucideSprite(projectRoot: string): Plugin {
  let sprite: Awaited<ReturnType<typeof buildSprite>> | undefined;
  return {
    name: 'vidriera:lucide-sprite',
    apply: 'build',
    async buildStart() {
      sprite = await buildSprite(projectRoot);
    },
    load(id) {
      return sprite && CREATE_ICON.test(id) ? createIconModule(`/${sprite.fileName}`) : null;
    },
    transform(code, id) {
      if (!sprite || !ICON.test(id)) return null;
      const name = /name:\s*"([^"]+)"/.exec(code)?.[1];
      // In the sprite: the module keeps its name and aliases, not its shapes (nor lucide's __iconData export,
      // which nothing of ours reads).
      if (name && sprite.names.has(name)) {
        const aliases = /aliases:\s*(\[[^\]]*\])/.exec(code)?.[1];
        return {
          code:
            `import createLucideIcon from '../createLucideIcon.mjs';\n` +
            `export default createLucideIcon(${JSON.stringify(name)}${aliases ? `, ${aliases}` : ''});\n`,
          map: null,
        };
      }
      // Drawn inline: its shapes' random keys go (the component keys them by position).
      return { code: code.replace(/,\s*key:\s*"[^"]*"/g, ''), map: null };
    },
    generateBundle() {
      if (sprite && this.environment.config.consumer === 'client')
        this.emitFile({ type: 'asset', fileName: sprite.fileName, source: sprite.source });
    },
  };
}
