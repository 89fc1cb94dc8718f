/**
 * Vite writes the built index.html's head as: entry script, one modulepreload per shared chunk, then the
 * stylesheet. Over HTTP/1.1 (six connections) the browser asks for them in that order, so the stylesheet, which
 * blocks the first paint, waited behind ~15 scripts, which do not. The stylesheets move up, before the first
 * script or modulepreload; nothing else changes.
 */
export function stylesheetsFirst(html: string): string {
  const stylesheets = html.match(/<link\s[^>]*rel="stylesheet"[^>]*>\s*/g);
  if (!stylesheets) return html;
  let rest = html;
  for (const tag of stylesheets) rest = rest.replace(tag, '');
  const first = rest.search(/<script\s[^>]*type="module"|<link\s[^>]*rel="modulepreload"/);
  if (first < 0 || first > rest.indexOf('</head>')) return html;
  return rest.slice(0, first) + stylesheets.map((t) => t.trim()).join('\n    ') + '\n    ' + rest.slice(first);
}

/**
 * A `<link rel="preload">` for the rendered page's first `fetchpriority="high"` image (its largest paint: the
 * first card's photo, a business's main photo), with its srcset and sizes so the browser preloads the very
 * candidate the <img> will use. Null when the page has none.
 */
export function priorityImagePreload(body: string): string | null {
  // React writes the attributes as fetchPriority and srcSet; HTML names are case-insensitive.
  const img = body.match(/<img\s[^>]*fetchpriority="high"[^>]*>/i)?.[0];
  if (!img) return null;
  const attr = (name: string) => img.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1];
  const src = attr('src');
  if (!src) return null;
  const srcset = attr('srcset');
  const sizes = attr('sizes');
  return (
    `<link rel="preload" as="image" href="${src}"` +
    (srcset ? ` imagesrcset="${srcset}"` : '') +
    (srcset && sizes ? ` imagesizes="${sizes}"` : '') +
    ' fetchpriority="high">'
  );
}

/** Puts `tags` right before the first script or modulepreload of the head (after the stylesheets), or at its end. */
export function beforeScripts(html: string, tags: string): string {
  const head = html.indexOf('</head>');
  const first = html.search(/<script\s[^>]*type="module"|<link\s[^>]*rel="modulepreload"/);
  const at = first >= 0 && first < head ? first : head;
  return at < 0 ? html : html.slice(0, at) + tags + html.slice(at);
}
