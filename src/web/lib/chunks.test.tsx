// @vitest-environment jsdom
import { lazy, startTransition, Suspense, useState, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyView, remembered } from './chunks';

/** A view's button: says how many clicks it has answered. */
function Part() {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks((n) => n + 1)}>
      {`Clics: ${clicks}`}
    </button>
  );
}

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
});

/** The server's markup of a page whose view is a lazy chunk, hydrated as main.tsx does (a transition). */
function hydrate(View: ComponentType) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <Suspense fallback="Cargando…">
      <Part />
    </Suspense>,
  );
  document.body.append(container);
  startTransition(() => {
    root = hydrateRoot(
      container,
      <Suspense fallback="Cargando…">
        <View />
      </Suspense>,
    );
  });
  return container.querySelector('button')!;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('remembered and lazyView', () => {
  it('a view loaded before hydration answers a click made as hydration starts, once', async () => {
    const load = remembered(() => Promise.resolve({ default: Part }));
    await load();
    const button = hydrate(lazyView(load));
    button.click();
    await settle();
    expect(button.textContent).toBe('Clics: 1');
  });

  it('why: a view whose code is still on its way loses that click (React cannot hydrate it there and then)', async () => {
    const button = hydrate(lazy(() => Promise.resolve({ default: Part })));
    button.click();
    await settle();
    // The view has hydrated by now, without the click.
    expect(button.textContent).toBe('Clics: 0');
    button.click();
    await settle();
    expect(button.textContent).toBe('Clics: 1');
  });

  it('once loaded, the loader and what is read from it answer in the same call, as React.lazy needs', async () => {
    const load = remembered(() => Promise.resolve({ default: Part, other: 'otro' }));
    const first = await load();
    let read: string | undefined;
    void load().then((m) => {
      read = m.other;
    });
    expect(read).toBe('otro');
    expect(await load()).toBe(first);
    expect(await Promise.all([load().then((m) => m.default)])).toEqual([Part]);
  });
});
