import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFERRED_BOOT_CSP, deferScripts } from './deferred-scripts';

// The shape of Vite's built index.html head.
const BUILT = [
  '<html><head>',
  '    <link rel="icon" href="/favicon.svg" />',
  '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/react-b.js">',
  '    <style>body{margin:0}</style>',
  '  </head><body><div id="root"></div><script type="application/json" id="state">{}</script></body></html>',
].join('\n');

describe('scripts after the first paint', () => {
  const html = deferScripts(BUILT);

  it('fetches nothing from the head: the entry and its chunks are named for the boot script instead', () => {
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).toContain(
      '<meta name="vidriera-entry" content="/assets/index-a.js"><meta name="vidriera-module" content="/assets/react-b.js">',
    );
    expect(html.match(/<script type="module">/g)).toHaveLength(1);
    // Everything else stays where it was.
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />');
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).toContain('<script type="application/json" id="state">{}</script>');
  });

  it('allows exactly the boot script it writes in the content security policy', () => {
    const boot = html.match(/<script type="module">([\s\S]*?)<\/script>/)![1]!;
    expect(DEFERRED_BOOT_CSP).toBe(`'sha256-${createHash('sha256').update(boot).digest('base64')}'`);
  });

  it('leaves a page without a module entry as it is', () => {
    const plain = '<html><head><title>x</title></head><body></body></html>';
    expect(deferScripts(plain)).toBe(plain);
  });
});
