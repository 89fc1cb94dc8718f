// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFERRED_BOOT } from './deferred-scripts';

// The boot script's timing rules, run in a DOM with the clock, frames, the photo and Element Timing under the
// test's control. The browser test (e2e/ssr.spec.ts) checks the Element Timing path in Chromium.

type ElementObserver = (list: { getEntries(): unknown[] }, observer: { disconnect(): void }) => void;

let observers: ElementObserver[];
/** One frame: the frame's callbacks, then the task they queue. */
const FRAME_MS = 20;

function page({ photo = true, elementtiming = true } = {}): HTMLImageElement | null {
  document.head.innerHTML =
    '<meta name="vidriera-entry" content="/assets/index.js"><meta name="vidriera-module" content="/assets/Lista.js">';
  document.body.innerHTML = photo
    ? `<img fetchpriority="high" src="/foto.webp"${elementtiming ? ' elementtiming="foto"' : ''}>`
    : '<main></main>';
  return document.querySelector('img');
}

function imageState(img: HTMLImageElement, complete: boolean, naturalWidth = complete ? 480 : 0) {
  Object.defineProperty(img, 'complete', { value: complete, configurable: true });
  Object.defineProperty(img, 'naturalWidth', { value: naturalWidth, configurable: true });
}

function visibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

/** Runs the script on the page; what it imports is recorded in the array it returns (one boot's own). */
function boot(elementTimingSupported = true): string[] {
  const loads: string[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = elementTimingSupported ? ['element', 'largest-contentful-paint'] : ['paint'];
      constructor(private readonly callback: ElementObserver) {}
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: 'element', buffered: true });
        observers.push(this.callback);
      }
    },
  );
  // A dynamic import cannot run here: the same call, recorded.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page runs this very string inline
  new Function('__load', DEFERRED_BOOT.replace('import(', '__load('))((url: string) => loads.push(url));
  return loads;
}

/** The browser reports the photo on screen. */
function shown() {
  for (const callback of observers) callback({ getEntries: () => [{ identifier: 'foto' }] }, { disconnect() {} });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(performance.now()), 16));
  visibility('visible');
  observers = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the boot script', () => {
  it('starts once the photo is on screen, not when it has merely loaded', () => {
    const img = page()!;
    imageState(img, false);
    const loads = boot();
    imageState(img, true);
    img.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(100);
    expect(loads).toEqual([]);
    shown();
    vi.advanceTimersByTime(0);
    expect(loads).toEqual(['/assets/index.js']);
    // The entry's chunks are preloaded beside it.
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
      l.getAttribute('href'),
    );
    expect(preloads).toEqual(['/assets/Lista.js']);
    // Every later path (the load's fallback, the ceiling) finds it started: one import.
    vi.advanceTimersByTime(5000);
    expect(loads).toHaveLength(1);
  });

  it('a photo already on screen when the script runs (its entry buffered) starts it too', () => {
    imageState(page()!, true);
    const loads = boot();
    shown();
    vi.advanceTimersByTime(0);
    expect(loads).toHaveLength(1);
  });

  it('a photo loaded but never reported shown (scrolled away) starts it half a second after its load', () => {
    const img = page()!;
    imageState(img, false);
    const loads = boot();
    img.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(499);
    expect(loads).toEqual([]);
    vi.advanceTimersByTime(1 + FRAME_MS);
    expect(loads).toHaveLength(1);
  });

  it('a photo that fails starts it one frame after the error', () => {
    const img = page()!;
    imageState(img, false);
    const loads = boot();
    img.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(FRAME_MS);
    expect(loads).toHaveLength(1);
  });

  it('a photo already broken starts it one frame later', () => {
    imageState(page()!, true, 0);
    const loads = boot();
    vi.advanceTimersByTime(FRAME_MS);
    expect(loads).toHaveLength(1);
  });

  it('without Element Timing (Safari, Firefox) it starts one frame after the load', () => {
    const img = page()!;
    imageState(img, false);
    const loads = boot(false);
    expect(observers).toHaveLength(0);
    img.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(FRAME_MS);
    expect(loads).toHaveLength(1);
  });

  it('a photo stalled on a bad connection starts it after 2.5 s', () => {
    imageState(page()!, false);
    const loads = boot();
    vi.advanceTimersByTime(2499);
    expect(loads).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(loads).toHaveLength(1);
  });

  it('a first tap or key press before the photo is shown starts it at once', () => {
    imageState(page()!, false);
    const tapped = boot();
    window.dispatchEvent(new Event('pointerdown'));
    expect(tapped).toHaveLength(1);

    imageState(page()!, false);
    const typed = boot();
    window.dispatchEvent(new Event('keydown'));
    expect(typed).toHaveLength(1);
    vi.advanceTimersByTime(5000);
    expect(typed).toHaveLength(1);
  });

  it('keeps each button tapped before the app runs, once, in order, for the app to tap again; not once hydration starts', () => {
    imageState(page()!, false);
    document.body.insertAdjacentHTML(
      'beforeend',
      '<button type="button" aria-label="Guardar en favoritos"><svg><path></path></svg></button>' +
        '<button type="button" aria-label="Guardar otro en favoritos">♡</button>' +
        '<form><button>Buscar</button></form><a href="/promociones">Promociones</a>' +
        '<button type="button" commandfor="menu" command="show-modal">Menú</button><dialog id="menu"></dialog>',
    );
    // What the boot script and src/web/lib/pending-tap.ts share.
    const shared = window as unknown as { vidrieraTap?: Element[] | false | null };
    shared.vidrieraTap = null;
    boot();
    const [first, second] = document.querySelectorAll('button[type="button"][aria-label]');
    // A tap lands on the icon inside the button: the button is kept.
    first!.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(shared.vidrieraTap).toEqual([first]);
    // A second button is kept after it; the first tapped again (nothing happened yet) is not kept twice, so a
    // toggle given back is not toggled off again.
    second!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    first!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(shared.vidrieraTap).toEqual([first, second]);
    // A submit button and a link act without JavaScript: nothing to give back.
    document.querySelector('form button')!.addEventListener('click', (e) => e.preventDefault());
    document.querySelector('form button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.querySelector('a')!.addEventListener('click', (e) => e.preventDefault());
    document.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(shared.vidrieraTap).toEqual([first, second]);
    // Nor does a button that opens its dialog by itself (an invoker command, ADR 059), where the browser has them:
    // jsdom has not, so the property the browser would give it is set here.
    const opener = document.querySelector('button[commandfor]')!;
    Object.defineProperty(opener, 'commandForElement', { value: document.getElementById('menu') });
    opener.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(shared.vidrieraTap).toEqual([first, second]);
    // Hydration has started (the app set false): React replays what comes now.
    shared.vidrieraTap = false;
    first!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(shared.vidrieraTap).toBe(false);
  });

  it('a page without a photo (owner views) starts it one frame later', () => {
    page({ photo: false });
    const loads = boot();
    vi.advanceTimersByTime(FRAME_MS);
    expect(loads).toHaveLength(1);
  });

  it('a hidden tab starts it at once, and so does a tab hidden before the photo is shown', () => {
    visibility('hidden');
    imageState(page()!, false);
    expect(boot()).toHaveLength(1);

    visibility('visible');
    imageState(page()!, false);
    const loads = boot();
    visibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(loads).toHaveLength(1);
  });
});
