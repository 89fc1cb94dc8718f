import type { ComercioDetalle } from '#shared/api';
import { splitCategorias } from '#shared/categorias';
import { LOCALIDAD_LABELS, type Localidad } from '#shared/constants';
import { imageUrl } from '#shared/imagenes';
import { comercioJsonLd } from '#shared/seo/json-ld';
import { OG_HEIGHT, OG_WIDTH, ogImagePath } from '#shared/seo/og';
import { comercioPath } from '#shared/seo/slug';

/** What a server-rendered page says about itself to search engines and link previews (WhatsApp, Facebook, X). */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL; null on pages that should not be indexed. */
  canonical: string | null;
  /** Absolute URL of the preview image, if any. */
  image: { url: string; width: number; height: number } | null;
  type: 'website' | 'business.business';
  noindex: boolean;
  /** schema.org LocalBusiness data (src/shared/seo/json-ld.ts), as an object. */
  jsonLd: Record<string, unknown> | null;
}

const SITE_TITLE = 'Vidriera · Comercios y promociones de Mendoza';
const SITE_DESCRIPTION =
  'Vidriera es la vidriera de tu barrio: descubrí comercios del Gran Mendoza (Godoy Cruz, Capital y Guaymallén), sus promociones y descuentos, y contactalos por WhatsApp o teléfono.';
const MAX_DESCRIPTION = 160;

const localidadLabel = (l: string) => LOCALIDAD_LABELS[l as Localidad] ?? l;

/** The first words of a text, cut at a word boundary under `max` characters. */
function summary(text: string, max = MAX_DESCRIPTION): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:]+$/, '')}…`;
}

/** A list's canonical query string (only what picks the content) and where its businesses are, in words. */
function listParts(filters: { categoria: string; localidad: string; page: number }): { qs: string; where: string } {
  const params = new URLSearchParams();
  if (filters.categoria) params.set('categoria', filters.categoria);
  if (filters.localidad) params.set('localidad', filters.localidad);
  if (filters.page > 1) params.set('page', String(filters.page));
  return {
    qs: params.toString(),
    where: filters.localidad ? localidadLabel(filters.localidad) : 'el Gran Mendoza',
  };
}

/** Canonical URLs keep only what picks the content: category, locality and page (a search is not a page). */
export function listaHead(origin: string, filters: { categoria: string; localidad: string; page: number }): PageHead {
  const { qs, where } = listParts(filters);
  return {
    // The client keeps the site title on the home view (useDocumentTitle(null)): the same here, no flicker.
    title: SITE_TITLE,
    description: filters.categoria
      ? `${filters.categoria} en ${where}: comercios, promociones, horarios y contacto por WhatsApp o teléfono en Vidriera.`
      : filters.localidad
        ? `Comercios de ${where} con sus promociones, horarios y contacto por WhatsApp o teléfono en Vidriera.`
        : SITE_DESCRIPTION,
    canonical: `${origin}/${qs ? `?${qs}` : ''}`,
    image: null,
    type: 'website',
    noindex: false,
    jsonLd: null,
  };
}

export function promocionesHead(
  origin: string,
  filters: { categoria: string; localidad: string; page: number },
): PageHead {
  const { qs, where } = listParts(filters);
  return {
    title: 'Promociones · Vidriera',
    description: `Descuentos y promociones vigentes${filters.categoria ? ` de ${filters.categoria}` : ''} en los comercios de ${where}, primero los que vencen antes.`,
    canonical: `${origin}/promociones${qs ? `?${qs}` : ''}`,
    image: null,
    type: 'website',
    noindex: false,
    jsonLd: null,
  };
}

export function detalleHead(origin: string, comercio: ComercioDetalle, now: Date): PageHead {
  const url = `${origin}${comercioPath(comercio.id, comercio.nombre)}`;
  const categorias = splitCategorias(comercio.categoria).join(', ');
  const photo = imageUrl(comercio.imagen, 'large');
  // The 1200×630 preview (name, category, locality, best promotion over the photo), versioned by its content.
  const image = { url: `${origin}${ogImagePath(comercio)}`, width: OG_WIDTH, height: OG_HEIGHT };
  return {
    title: `${comercio.nombre} · Vidriera`,
    description: comercio.descripcion
      ? summary(comercio.descripcion)
      : summary(
          `${comercio.nombre}: ${categorias} en ${localidadLabel(comercio.localidad)}. Dirección, teléfono, horarios y promociones en Vidriera.`,
        ),
    canonical: url,
    image,
    type: 'business.business',
    // The owner's preview of an unpublished business is not for search engines.
    noindex: !comercio.publicado,
    // The real photo describes the place better than the preview card; without one, the preview.
    jsonLd: comercio.publicado
      ? comercioJsonLd(comercio, { url, imageUrl: photo ? `${origin}${photo}` : image.url, now })
      : null,
  };
}

export const notFoundHead = (comercio: boolean): PageHead => ({
  title: comercio ? 'No encontramos este comercio · Vidriera' : 'No encontramos esta página · Vidriera',
  description: comercio
    ? 'Puede que ya no esté publicado o que el enlace no sea correcto. Buscá otros comercios de tu zona en el inicio.'
    : 'Puede que el enlace esté mal escrito o que el contenido ya no esté disponible.',
  canonical: null,
  image: null,
  type: 'website',
  noindex: true,
  jsonLd: null,
});

const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (v: string) => escapeText(v).replace(/"/g, '&quot;');

/** JSON inside a script element: "<" escaped, so no "</script>" or "<!--" in the data can end it early. */
export function scriptJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head's tags for a page (title and description replace the shell's own). */
export function headTags(head: PageHead): { title: string; tags: string } {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(value)}">`;
  const tags = [
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.canonical ? `<link rel="canonical" href="${escapeAttr(head.canonical)}">` : '',
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', 'Vidriera'),
    meta('property', 'og:locale', 'es_AR'),
    meta('property', 'og:title', head.title.replace(/ · Vidriera$/, '')),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    head.image ? meta('property', 'og:image', head.image.url) : '',
    head.image ? meta('property', 'og:image:width', String(head.image.width)) : '',
    head.image ? meta('property', 'og:image:height', String(head.image.height)) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title.replace(/ · Vidriera$/, '')),
    meta('name', 'twitter:description', head.description),
    head.image ? meta('name', 'twitter:image', head.image.url) : '',
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(JSON.stringify(head.jsonLd))}</script>` : '',
  ];
  return { title: `<title>${escapeText(head.title)}</title>`, tags: tags.join('') };
}
