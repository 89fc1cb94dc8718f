/**
 * Renders the placeholder photos of the sample businesses into src/server/seed/images:
 * `<slug>.webp` (main) plus `<slug>-2.webp` / `<slug>-3.webp` for the gallery.
 *
 *   npx tsx scripts/generate-sample-images.ts
 *
 * Everything is drawn from SVG (gradient, pattern, a lucide icon, text) so the output is deterministic and
 * needs no network or stock photos. The images are committed; rerun only when the sample data changes.
 */
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { LOCALIDAD_LABELS } from '#shared/constants';
import { splitCategorias } from '#shared/categorias';
import { SAMPLE_COMERCIOS, type SampleComercio } from '#shared/sample/comercios';

const WIDTH = 1200;
const HEIGHT = 800;
const QUALITY = 72;
const MAX_BYTES = 60 * 1024;
const FONT = "'Liberation Sans', 'DejaVu Sans', sans-serif";
const OUT_DIR = new URL('../src/server/seed/images/', import.meta.url);
const ICON_DIR = new URL('icons/', pathToFileURL(createRequire(import.meta.url).resolve('lucide-static/package.json')));

interface Palette {
  from: string;
  to: string;
  icon: string;
}

/** Food warm and appetising, health cool and clean, trades sober: the colour says the trade at a glance. */
const CATEGORY_STYLE: Record<string, Palette> = {
  Almacén: { from: '#E8A33D', to: '#8A4B14', icon: 'shopping-basket' },
  Panadería: { from: '#F2B45A', to: '#A0521D', icon: 'croissant' },
  Carnicería: { from: '#E0524A', to: '#7A1D1D', icon: 'beef' },
  Verdulería: { from: '#9CCB4A', to: '#35691E', icon: 'carrot' },
  Kiosco: { from: '#F48FB1', to: '#E0742E', icon: 'candy' },
  Ferretería: { from: '#E9A23B', to: '#3C4552', icon: 'hammer' },
  Farmacia: { from: '#3CC79A', to: '#0B5E4A', icon: 'pill' },
  Peluquería: { from: '#D77BE6', to: '#6A2C9E', icon: 'scissors' },
  Barbería: { from: '#5B6B7F', to: '#141C2B', icon: 'scissors' },
  Lavandería: { from: '#6CC6F2', to: '#2459C9', icon: 'washing-machine' },
  Café: { from: '#C08A55', to: '#4A2C19', icon: 'coffee' },
  Restaurante: { from: '#F08A4B', to: '#8E2F12', icon: 'utensils-crossed' },
  Rotisería: { from: '#F1A842', to: '#B2411A', icon: 'drumstick' },
  Pizzería: { from: '#F0683F', to: '#9C1F1A', icon: 'pizza' },
  Heladería: { from: '#FFB38A', to: '#C9487C', icon: 'ice-cream-cone' },
  'Tienda de ropa': { from: '#EE86B9', to: '#6B3FC4', icon: 'shirt' },
  Zapatería: { from: '#C2835A', to: '#4A3328', icon: 'footprints' },
  Librería: { from: '#6FA8F0', to: '#23408F', icon: 'book-open' },
  Papelería: { from: '#F7C64F', to: '#C8572A', icon: 'pencil-ruler' },
  Veterinaria: { from: '#56CFA2', to: '#146D6A', icon: 'paw-print' },
  Gimnasio: { from: '#F7873A', to: '#2A2F3A', icon: 'dumbbell' },
  Estética: { from: '#F5A3B5', to: '#B03A6E', icon: 'sparkles' },
  'Consultorio médico': { from: '#59C2EC', to: '#0F6B85', icon: 'stethoscope' },
  Dentista: { from: '#7EDDE8', to: '#14799A', icon: 'toothbrush' },
  Óptica: { from: '#8B95F0', to: '#33307F', icon: 'glasses' },
  Joyería: { from: '#E8B4A0', to: '#7E3F55', icon: 'gem' },
  Pastelería: { from: '#F6A9C4', to: '#B8456F', icon: 'cake-slice' },
  Mercería: { from: '#E79BE8', to: '#8A2C8C', icon: 'spool' },
  Florería: { from: '#F59AB0', to: '#A3244A', icon: 'flower-2' },
  Cerrajería: { from: '#E7B84A', to: '#4A3F35', icon: 'key-round' },
  Tintorería: { from: '#9FB0F5', to: '#3F3C9E', icon: 'shirt' },
  Frutería: { from: '#F79A4A', to: '#C22B45', icon: 'apple' },
  Pescadería: { from: '#4DB6E6', to: '#1B3C82', icon: 'fish' },
  Vinoteca: { from: '#9A2A4C', to: '#320818', icon: 'wine' },
  Dietética: { from: '#B7D957', to: '#2E7D45', icon: 'leaf' },
  Bazar: { from: '#5CC8B8', to: '#1F5F78', icon: 'cooking-pot' },
  'Taller mecánico': { from: '#7C8BA0', to: '#1D2533', icon: 'car' },
  Plomería: { from: '#4BCFE0', to: '#2149B0', icon: 'wrench' },
  Electricista: { from: '#F5C83B', to: '#B0561A', icon: 'zap' },
  'Estudio contable': { from: '#3FBFAF', to: '#15484A', icon: 'calculator' },
  Inmobiliaria: { from: '#46C6B4', to: '#223E86', icon: 'house' },
  'Centro de masajes': { from: '#BBA7F5', to: '#5F3AA8', icon: 'hand-heart' },
  'Mantenimiento en general': { from: '#9AA8B8', to: '#38475A', icon: 'toolbox' },
};
const FALLBACK_STYLE: Palette = { from: '#8FA3B8', to: '#334155', icon: 'store' };

// ───────────────────────────── small helpers ─────────────────────────────

/** An icon's shapes on lucide's 24 × 24 grid, as SVG markup. */
type IconNode = string;

const iconCache = new Map<string, IconNode>();
/** lucide-static's published file for the icon, without its <svg> wrapper (whose attributes icon() sets). */
async function loadIcon(name: string): Promise<IconNode> {
  const cached = iconCache.get(name);
  if (cached) return cached;
  const file = await readFile(new URL(`${name}.svg`, ICON_DIR), 'utf8');
  const shapes = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(file)?.[1]?.replace(/\s*\n\s*/g, '');
  if (!shapes) throw new Error(`lucide-static/icons/${name}.svg has no shapes`);
  iconCache.set(name, shapes);
  return shapes;
}

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A lucide icon drawn white at `size` px, centred on (cx, cy). */
function icon(
  node: IconNode,
  cx: number,
  cy: number,
  size: number,
  opts: { rotate?: number; opacity?: number; stroke?: number } = {},
): string {
  const s = size / 24;
  const rotate = opts.rotate ? ` rotate(${opts.rotate} 12 12)` : '';
  return (
    `<g transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${s})${rotate}" fill="none" stroke="#fff" ` +
    `stroke-width="${opts.stroke ?? 1.5}" stroke-linecap="round" stroke-linejoin="round" opacity="${opts.opacity ?? 1}">` +
    `${node}</g>`
  );
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Seeded so reruns produce byte-identical files and git sees no change. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hexToHsl(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hslToHex(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)]
    .map((x) =>
      Math.round(x * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function shift(hex: string, hue: number, light = 0, saturation = 1): string {
  const [h, s, l] = hexToHsl(hex);
  return hslToHex((h + hue + 360) % 360, Math.min(1, s * saturation), Math.max(0, Math.min(1, l + light)));
}

/** Rough advance widths of Liberation Sans Bold (em units): enough to wrap and fit text without a layout engine. */
function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    if (" .,:;'!|ilIjtf".includes(ch)) em += 0.3;
    else if ('mwMW'.includes(ch)) em += 0.9;
    else if (ch === ch.toUpperCase() && ch !== ch.toLowerCase()) em += 0.72;
    else em += 0.6;
  }
  return em * fontSize;
}

/** Splits `words` into exactly `lines` lines with the narrowest widest line: no orphaned last word. */
function balance(words: string[], lines: number, size: number): { lines: string[]; width: number } {
  const n = words.length;
  const width = (i: number, j: number) => textWidth(words.slice(i, j).join(' '), size);
  // best[j][i]: the narrowest widest line when the first i words fill j lines.
  const best: number[][] = Array.from({ length: lines + 1 }, () => Array<number>(n + 1).fill(Infinity));
  const cut: number[][] = Array.from({ length: lines + 1 }, () => Array<number>(n + 1).fill(0));
  (best[0] as number[])[0] = 0;
  for (let j = 1; j <= lines; j++) {
    for (let i = j; i <= n; i++) {
      for (let k = j - 1; k < i; k++) {
        const w = Math.max(best[j - 1]?.[k] ?? Infinity, width(k, i));
        if (w < (best[j]?.[i] ?? Infinity)) {
          (best[j] as number[])[i] = w;
          (cut[j] as number[])[i] = k;
        }
      }
    }
  }
  const out: string[] = [];
  for (let j = lines, i = n; j > 0; j--) {
    const k = cut[j]?.[i] ?? 0;
    out.unshift(words.slice(k, i).join(' '));
    i = k;
  }
  return { lines: out, width: best[lines]?.[n] ?? Infinity };
}

interface Fitted {
  size: number;
  lines: string[];
}

/** The largest font size (down to `min`) at which `text` fits `maxWidth` in at most `maxLines` balanced lines. */
function fit(text: string, maxWidth: number, maxLines: number, max: number, min: number): Fitted | null {
  const words = text.split(/\s+/).filter(Boolean);
  for (let size = max; size >= min; size -= 2) {
    for (let k = 1; k <= Math.min(maxLines, words.length); k++) {
      const b = balance(words, k, size);
      if (b.width <= maxWidth) return { size, lines: b.lines };
    }
  }
  return null;
}

/** Like fit, but always answers: at `min` size, possibly overflowing (never happens with the sample names). */
function fitAlways(text: string, maxWidth: number, maxLines: number, max: number, min: number): Fitted {
  const words = text.split(/\s+/).filter(Boolean);
  return (
    fit(text, maxWidth, maxLines, max, min) ?? {
      size: min,
      lines: balance(words, Math.min(maxLines, words.length), min).lines,
    }
  );
}

function textBlock(lines: string[], x: number, y: number, size: number, lineHeight: number, attrs: string): string {
  const tspans = lines
    .map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : lineHeight}">${escapeXml(l)}</tspan>`)
    .join('');
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" ${attrs}>${tspans}</text>`;
}

function firstSentence(text: string): string {
  const m = /^.+?[.!?](?=\s|$)/.exec(text);
  return (m ? m[0] : text).replace(/[.]$/, '');
}

const softShadow =
  '<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">' +
  '<feGaussianBlur in="SourceAlpha" stdDeviation="6"/><feOffset dy="3"/>' +
  '<feComponentTransfer><feFuncA type="linear" slope="0.35"/></feComponentTransfer>' +
  '<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>';

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><defs>${softShadow}${defs}</defs>${body}</svg>`;
}

// ───────────────────────────── compositions ─────────────────────────────

interface Subject {
  c: SampleComercio;
  palette: Palette;
  icon: IconNode;
  pin: IconNode;
  categorias: string[];
  random: () => number;
}

/**
 * Main image: the shop sign — icon in a halo, name and trade underneath. The content sits in the middle
 * band so a 16:9 or 4:3 object-cover crop of the card keeps all of it.
 */
function mainImage({ c, palette, icon: node, pin, categorias, random }: Subject): string {
  const bubbles = Array.from({ length: 5 }, () => {
    const r = 80 + random() * 160;
    return `<circle cx="${(random() * WIDTH).toFixed(0)}" cy="${(random() * HEIGHT).toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" opacity="${(0.03 + random() * 0.05).toFixed(3)}"/>`;
  }).join('');
  // One line at a smaller size reads better than a name broken in two.
  const name = fit(c.nombre, 1000, 1, 76, 60) ?? fitAlways(c.nombre, 980, 2, 72, 44);
  const halo = 150;
  const lineHeight = name.size * 1.1;
  const top = 405 - (2 * halo + 56 + name.lines.length * lineHeight + 50) / 2;
  const cy = top + halo;
  const nameY = top + 2 * halo + 56 + name.size * 0.8;
  const categoryY = nameY + (name.lines.length - 1) * lineHeight + 54;
  const place = LOCALIDAD_LABELS[c.localidad];
  const pillWidth = textWidth(place, 24) + 72;
  const defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.26"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0.4" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.34"/></linearGradient>` +
    `<pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="14" cy="14" r="2" fill="#fff" opacity="0.18"/></pattern>` +
    `<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0.3" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="1"/></linearGradient>` +
    `<mask id="dotsMask"><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#fade)"/></mask>`;
  const body =
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>` +
    bubbles +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#dots)" mask="url(#dotsMask)"/>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#scrim)"/>` +
    `<circle cx="600" cy="${cy}" r="${halo}" fill="#fff" opacity="0.14"/>` +
    `<circle cx="600" cy="${cy}" r="${halo}" fill="none" stroke="#fff" stroke-width="3" opacity="0.35"/>` +
    `<g filter="url(#shadow)">${icon(node, 600, cy, 180, { stroke: 1.4 })}</g>` +
    `<g filter="url(#shadow)">${textBlock(name.lines, 600, nameY, name.size, lineHeight, 'font-weight="700" fill="#fff" text-anchor="middle"')}</g>` +
    textBlock(
      [categorias.join('  ·  ').toUpperCase()],
      600,
      categoryY,
      24,
      0,
      'font-weight="700" fill="#fff" fill-opacity="0.88" text-anchor="middle" letter-spacing="4"',
    ) +
    `<g transform="translate(72 72)"><rect width="${pillWidth.toFixed(0)}" height="48" rx="24" fill="#000" fill-opacity="0.22"/>` +
    icon(pin, 30, 24, 26, { stroke: 2.2 }) +
    textBlock([place], 52, 32, 24, 0, 'font-weight="700" fill="#fff"') +
    `</g>`;
  return svg(defs, body);
}

/** Gallery 2: a big tilted icon bleeding off the right edge, the shop's tagline on the left. */
function taglineImage({ c, palette, icon: node, random }: Subject): string {
  const from = shift(palette.from, 16, 0.04);
  const to = shift(palette.to, -12, -0.04);
  const waves = Array.from({ length: 6 }, (_, i) => {
    const y = 120 + i * 120 + random() * 30;
    const amp = 30 + random() * 30;
    return `<path d="M-50 ${y} C 250 ${y - amp}, 450 ${y + amp}, 700 ${y} S 1100 ${y - amp}, 1300 ${y}" fill="none" stroke="#fff" stroke-width="${(2 + random() * 4).toFixed(1)}" opacity="${(0.06 + random() * 0.06).toFixed(3)}"/>`;
  }).join('');
  const tagline = fitAlways(`“${firstSentence(c.descripcion)}”`, 600, 5, 54, 38);
  const blockHeight = tagline.lines.length * tagline.size * 1.18;
  const top = Math.max(230, 420 - blockHeight / 2);
  const defs =
    `<linearGradient id="bg" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${to}"/><stop offset="1" stop-color="${from}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.78" cy="0.5" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
  const body =
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>` +
    waves +
    `<circle cx="930" cy="410" r="330" fill="#fff" opacity="0.08"/>` +
    `<g filter="url(#shadow)">${icon(node, 930, 410, 500, { rotate: -14, stroke: 1.1, opacity: 0.92 })}</g>` +
    `<rect x="80" y="${(top - 110).toFixed(0)}" width="64" height="6" rx="3" fill="#fff" opacity="0.85"/>` +
    textBlock(
      [c.nombre.toUpperCase()],
      80,
      top - 60,
      24,
      0,
      'font-weight="700" fill="#fff" fill-opacity="0.85" letter-spacing="3"',
    ) +
    `<g filter="url(#shadow)">${textBlock(tagline.lines, 80, top + tagline.size * 0.4, tagline.size, tagline.size * 1.18, 'font-weight="700" fill="#fff"')}</g>`;
  return svg(defs, body);
}

/** Gallery 3: a frosted card over a tiled icon pattern, listing what the shop offers. */
function servicesImage({ c, palette, icon: node }: Subject): string {
  const from = shift(palette.to, 8, -0.02);
  const to = shift(palette.from, -12, -0.12, 0.8);
  const tile = 150;
  const tiles: string[] = [];
  for (let row = -1; row < HEIGHT / tile + 1; row++) {
    for (let col = -1; col < WIDTH / tile + 1; col++) {
      const x = col * tile + (row % 2 === 0 ? 0 : tile / 2) + tile / 2;
      tiles.push(
        icon(node, x, row * tile + tile / 2, 56, {
          rotate: (row + col) % 2 === 0 ? -12 : 12,
          opacity: 0.09,
          stroke: 1.6,
        }),
      );
    }
  }
  const chipSize = 24;
  const gap = 16;
  const chips = c.servicios.slice(0, 3);
  const rowWidth = () => chips.reduce((sum, s) => sum + textWidth(s, chipSize) + 48 + gap, -gap);
  while (chips.length > 1 && rowWidth() > 800) chips.pop();
  const chipWidths = chips.map((s) => textWidth(s, chipSize) + 48);
  let x = 600 - (chipWidths.reduce((a, b) => a + b, 0) + gap * (chips.length - 1)) / 2;
  const chipMarkup = chips
    .map((s, i) => {
      const w = chipWidths[i] ?? 0;
      const m =
        `<rect x="${x.toFixed(0)}" y="520" width="${w.toFixed(0)}" height="52" rx="26" fill="#fff" fill-opacity="0.9"/>` +
        textBlock([s], x + w / 2, 554, chipSize, 0, `font-weight="700" fill="${palette.to}" text-anchor="middle"`);
      x += w + gap;
      return m;
    })
    .join('');
  const name = fitAlways(c.nombre, 760, 1, 52, 30);
  const horario = fitAlways(c.horario, 780, 1, 24, 16);
  const defs = `<linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
  const body =
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>` +
    tiles.join('') +
    `<rect x="170" y="150" width="860" height="500" rx="36" fill="#fff" fill-opacity="0.13" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>` +
    `<g filter="url(#shadow)">${icon(node, 600, 290, 130, { stroke: 1.6 })}</g>` +
    `<g filter="url(#shadow)">${textBlock(name.lines, 600, 440, name.size, 0, 'font-weight="700" fill="#fff" text-anchor="middle"')}</g>` +
    textBlock(horario.lines, 600, 488, horario.size, 0, 'fill="#fff" fill-opacity="0.85" text-anchor="middle"') +
    chipMarkup;
  return svg(defs, body);
}

// ───────────────────────────── main ─────────────────────────────

async function render(svgText: string, file: URL): Promise<number> {
  const info = await sharp(Buffer.from(svgText))
    .webp({ quality: QUALITY, effort: 6, smartSubsample: true })
    .toFile(fileURLToPath(file));
  if (info.size > MAX_BYTES) throw new Error(`${fileURLToPath(file)} is ${info.size} bytes (limit ${MAX_BYTES})`);
  return info.size;
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const expected = new Set<string>();
  let total = 0;
  for (const c of SAMPLE_COMERCIOS) {
    const categorias = splitCategorias(c.categoria);
    const palette = CATEGORY_STYLE[categorias[0] ?? ''] ?? FALLBACK_STYLE;
    const subject: Subject = {
      c,
      palette,
      icon: await loadIcon(palette.icon),
      pin: await loadIcon('map-pin'),
      categorias,
      random: rng(hashString(c.slug)),
    };
    const variants = [mainImage, taglineImage, servicesImage].slice(0, 1 + c.galeria);
    for (const [i, draw] of variants.entries()) {
      const name = i === 0 ? `${c.slug}.webp` : `${c.slug}-${i + 1}.webp`;
      expected.add(name);
      total += await render(draw(subject), new URL(name, OUT_DIR));
    }
  }
  // Images of businesses that left the sample would otherwise linger in the repo.
  for (const f of await readdir(OUT_DIR)) {
    if (f.endsWith('.webp') && !expected.has(f)) await unlink(new URL(f, OUT_DIR));
  }
  console.log(`${expected.size} images, ${(total / 1024).toFixed(0)} KB (${total} bytes) in ${fileURLToPath(OUT_DIR)}`);
}

await main();
