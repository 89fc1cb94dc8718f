import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from './index';
import { ICON_NAMES } from './names';

// Tests run without the sprite plugin, so the sprite keeps its source address.
const drawn = (markup: string) => /<use href="\/__spritemap#([\w-]+)"/.exec(markup)?.[1];

describe('the icons', () => {
  it('are exactly the ones the sprite is built from, each once, each a file lucide-static publishes', () => {
    const names = Object.values(icons).map((Icon) => drawn(renderToStaticMarkup(createElement(Icon))));
    expect(names.toSorted()).toEqual([...ICON_NAMES].sort());
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('lucide-static/package.json')), 'icons');
    expect(ICON_NAMES.filter((name) => !existsSync(path.join(dir, `${name}.svg`)))).toEqual([]);
  });

  it('draw as lucide does, from the sprite, hidden from assistive technology by default', () => {
    expect(renderToStaticMarkup(<icons.Heart />)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" ' +
        'class="lucide lucide-heart" aria-hidden="true"><use href="/__spritemap#heart"></use></svg>',
    );
  });

  it('take the props the app passes: classes, stroke width, size, colour, a label', () => {
    const markup = renderToStaticMarkup(
      <icons.Store className="size-5 text-brand-600" strokeWidth={1.6} size={20} color="red" />,
    );
    expect(markup).toContain('class="lucide lucide-store size-5 text-brand-600"');
    expect(markup).toContain('stroke-width="1.6"');
    expect(markup).toContain('width="20" height="20"');
    expect(markup).toContain('stroke="red"');
    const labelled = renderToStaticMarkup(<icons.Star aria-label="Favorito" />);
    expect(labelled).toContain('aria-label="Favorito"');
    expect(labelled).not.toContain('aria-hidden');
  });
});
