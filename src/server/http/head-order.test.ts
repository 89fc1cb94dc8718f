import { describe, expect, it } from 'vitest';
import { beforeScripts, priorityImagePreload, stylesheetsFirst } from './head-order';

// The shape of Vite's built index.html head.
const BUILT = [
  '<html><head>',
  '    <link rel="icon" href="/favicon.svg" />',
  '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/react-b.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-c.css">',
  '  </head><body><div id="root"></div></body></html>',
].join('\n');

describe('the head order', () => {
  it('moves the stylesheets before the first script and keeps everything else in place', () => {
    const html = stylesheetsFirst(BUILT);
    const order = ['favicon.svg', 'index-c.css', 'index-a.js', 'react-b.js'].map((s) => html.indexOf(s));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(html.replace(/\s+/g, '')).toHaveLength(BUILT.replace(/\s+/g, '').length);
  });

  it('leaves a head without scripts or stylesheets as it is', () => {
    const plain = '<html><head><title>x</title></head><body></body></html>';
    expect(stylesheetsFirst(plain)).toBe(plain);
    const stylesOnly = '<html><head><link rel="stylesheet" href="/a.css"></head><body></body></html>';
    expect(stylesheetsFirst(stylesOnly)).toBe(stylesOnly);
  });

  it('preloads the first high-priority image with the srcset and sizes the <img> has', () => {
    const body =
      // As React renders it (camelCase attribute names).
      '<main><img src="/x/thumb.webp" loading="lazy"/><img src="/a/large.webp" srcSet="/a/thumb.webp 480w, /a/large.webp 1280w"' +
      ' sizes="(min-width: 1024px) 720px, calc(100vw - 2rem)" alt="A" fetchPriority="high"/><img src="/b/thumb.webp" fetchPriority="high"/></main>';
    expect(priorityImagePreload(body)).toBe(
      '<link rel="preload" as="image" href="/a/large.webp" imagesrcset="/a/thumb.webp 480w, /a/large.webp 1280w"' +
        ' imagesizes="(min-width: 1024px) 720px, calc(100vw - 2rem)" fetchpriority="high">',
    );
    expect(priorityImagePreload('<img src="/b/thumb.webp" alt="" fetchpriority="high">')).toBe(
      '<link rel="preload" as="image" href="/b/thumb.webp" fetchpriority="high">',
    );
    expect(priorityImagePreload('<img src="/b/thumb.webp" fetchpriority="auto" loading="lazy">')).toBeNull();
  });

  it('puts tags after the stylesheets and before the scripts, or at the end of a head without scripts', () => {
    const html = beforeScripts(stylesheetsFirst(BUILT), '<link rel="preload" as="image" href="/p.webp">');
    expect(html.indexOf('index-c.css')).toBeLessThan(html.indexOf('/p.webp'));
    expect(html.indexOf('/p.webp')).toBeLessThan(html.indexOf('index-a.js'));
    expect(beforeScripts('<head><title>x</title></head>', '<meta name="a">')).toBe(
      '<head><title>x</title><meta name="a"></head>',
    );
  });
});
