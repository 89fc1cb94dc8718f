import { createRequire } from 'node:module';
import type { Sharp } from 'sharp';
import { LOCALIDAD_LABELS } from '#shared/constants';
import { splitCategorias } from '#shared/categorias';
import { bestPromocion, OG_HEIGHT, OG_WIDTH, type OgComercio } from '#shared/seo/og';

/**
 * The link preview of a business (ADR 022): its main photo cover-cropped to 1200×630, a dark band at the bottom
 * with the name, categories and locality, and a badge with the best current promotion. Text is laid out by
 * Pango (through sharp's text input: real wrapping and glyph metrics) in Inter, read from the npm package
 * that ships its TrueType files, so no system font is needed. Shapes are SVG. JPEG keeps it well under the
 * size above which WhatsApp drops previews (about 300 kB, its limit, not our measurement).
 */

const require = createRequire(import.meta.url);
const FONT_BOLD = require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf');
const FONT_MEDIUM = require.resolve('@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf');

const MARGIN = 56;
const TEXT_WIDTH = OG_WIDTH - 2 * MARGIN;
/** Names longer than this are cut with "…" before layout: two lines at the name's size hold about this much. */
const NAME_CHARS = 70;
const NAME_MAX_HEIGHT = 170;
const BADGE_CHARS = 48;
/** Brand colours of the site (src/web/styles.css: brand-500, brand-800, sand-100). */
const BRAND = '#cf5a2c';
const BRAND_DARK = '#76301b';
const SAND = '#f8f2ea';
export const OG_JPEG_QUALITY = 80;

/** Text for Pango markup: &, < and > are markup, quotes are escaped too for attribute safety. */
export function escapeMarkup(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Collapses whitespace (a name may hold line breaks) and cuts at a word with "…". */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  // Drop a word the cut split in two (not one that ends right at the cut).
  const atWord = /\s/.test(flat[max - 1] ?? '') ? cut : cut.replace(/\s+\S*$/, '');
  return `${atWord.length > max / 2 ? atWord : cut}…`;
}

type SharpFactory = typeof import('sharp').default;

interface TextOptions {
  font: 'bold' | 'medium';
  size: number;
  color: string;
  width: number;
  /** When set, the text shrinks to fit this height (Pango autofit) instead of growing past it. */
  maxHeight?: number;
}

async function textLayer(sharp: SharpFactory, text: string, o: TextOptions) {
  const render = (height?: number) =>
    sharp({
      text: {
        text: `<span foreground="${o.color}">${escapeMarkup(text)}</span>`,
        font: `Inter ${o.font === 'bold' ? 'Bold' : 'Medium'} ${o.size}`,
        fontfile: o.font === 'bold' ? FONT_BOLD : FONT_MEDIUM,
        width: o.width,
        ...(height ? { height } : { dpi: 72 }),
        wrap: 'word-char',
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
  const first = await render();
  // Too tall at the chosen size (a long name in three lines): let Pango pick the size that fits the box.
  if (o.maxHeight && first.info.height > o.maxHeight) return render(o.maxHeight);
  return first;
}

function svg(body: string, width = OG_WIDTH, height = OG_HEIGHT): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

/** No photo: the brand's colours, with a soft light in a corner so it does not look like an error. */
function brandedBackground(sharp: SharpFactory): Sharp {
  return sharp(
    svg(
      `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND}"/>` +
        `<stop offset="1" stop-color="${BRAND_DARK}"/></linearGradient>` +
        `<radialGradient id="l" cx="0.85" cy="0.1" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/>` +
        `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
        `<rect width="100%" height="100%" fill="url(#b)"/><rect width="100%" height="100%" fill="url(#l)"/>`,
    ),
  );
}

const band = () =>
  svg(
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/>` +
      `<stop offset="0.45" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/>` +
      `</linearGradient></defs><rect y="${OG_HEIGHT - 360}" width="${OG_WIDTH}" height="360" fill="url(#g)"/>`,
  );

/** Where the photo starts to blur (fully blurred from BLUR_FULL down): above the name, the categories and the badge. */
const BLUR_FROM = OG_HEIGHT - 440;
const BLUR_FULL = OG_HEIGHT - 300;

/**
 * The photo, cover-cropped, with its lower part blurred under the band: a shop's sign (and every sample picture)
 * prints the name in its lower middle, which the band alone only darkened into a faded second copy of the name.
 */
async function photoBackground(sharp: SharpFactory, photo: Buffer): Promise<Sharp> {
  const cropped = await sharp(photo)
    .resize(OG_WIDTH, OG_HEIGHT, { fit: 'cover', position: 'attention' })
    .removeAlpha()
    .toBuffer();
  const mask = svg(
    `<defs><linearGradient id="m" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="${BLUR_FROM / OG_HEIGHT}" stop-color="#fff" stop-opacity="0"/>` +
      `<stop offset="${BLUR_FULL / OG_HEIGHT}" stop-color="#fff" stop-opacity="1"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#m)"/>`,
  );
  const blurred = await sharp(cropped)
    .blur(28)
    .ensureAlpha()
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
  // Flattened now: the caller's composite() would replace this one.
  return sharp(
    await sharp(cropped)
      .composite([{ input: blurred, top: 0, left: 0 }])
      .png()
      .toBuffer(),
  );
}

/** "Panadería · Café · Godoy Cruz". */
export function subtitleOf(comercio: Pick<OgComercio, 'categoria' | 'localidad'>): string {
  return [...splitCategorias(comercio.categoria).slice(0, 3), LOCALIDAD_LABELS[comercio.localidad]].join(' · ');
}

/** "20% · Facturas del día" (the title alone when it already says the discount). */
export function badgeOf(comercio: Pick<OgComercio, 'promociones'>): string | null {
  const promo = bestPromocion(comercio.promociones);
  if (!promo) return null;
  const titulo = promo.titulo.trim();
  const descuento = promo.descuento.trim();
  return titulo.toLowerCase().includes(descuento.toLowerCase()) ? titulo : `${descuento} · ${titulo}`;
}

/**
 * Draws the preview. `photo` is the business's stored large variant (WebP), or null. Returns JPEG bytes.
 */
export async function renderOgImage(comercio: OgComercio, photo: Buffer | null): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const base = photo ? await photoBackground(sharp, photo) : brandedBackground(sharp);

  const [name, subtitle] = await Promise.all([
    textLayer(sharp, clip(comercio.nombre, NAME_CHARS), {
      font: 'bold',
      size: 64,
      color: '#ffffff',
      width: TEXT_WIDTH,
      maxHeight: NAME_MAX_HEIGHT,
    }),
    textLayer(sharp, clip(subtitleOf(comercio), 90), { font: 'medium', size: 32, color: SAND, width: TEXT_WIDTH }),
  ]);
  const subtitleTop = OG_HEIGHT - MARGIN - subtitle.info.height;
  const nameTop = subtitleTop - 16 - name.info.height;
  const layers = [
    { input: band(), top: 0, left: 0 },
    { input: name.data, top: nameTop, left: MARGIN },
    { input: subtitle.data, top: subtitleTop, left: MARGIN },
  ];

  const badge = badgeOf(comercio);
  if (badge) {
    // On the brand's own colours a brand badge would vanish: there it is white with dark text.
    const [fill, ink] = photo ? [BRAND, '#ffffff'] : ['#ffffff', BRAND_DARK];
    const label = await textLayer(sharp, clip(badge, BADGE_CHARS), {
      font: 'bold',
      size: 36,
      color: ink,
      width: TEXT_WIDTH - 56,
    });
    const w = label.info.width + 56;
    const h = label.info.height + 32;
    layers.push(
      {
        input: svg(`<rect width="${w}" height="${h}" rx="${Math.min(28, h / 2)}" fill="${fill}"/>`, w, h),
        top: MARGIN,
        left: MARGIN,
      },
      { input: label.data, top: MARGIN + 16, left: MARGIN + 28 },
    );
  }
  return base
    .composite(layers)
    .flatten({ background: '#000' })
    .jpeg({ quality: OG_JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}
