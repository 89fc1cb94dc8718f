// @vitest-environment jsdom
import '#test/web/setup-dom';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NavigationProvider, useNavigation } from './navigation';
import { listaView } from './routes';

function setup(path: string) {
  window.history.replaceState(null, '', path);
  const wrapper = ({ children }: { children: ReactNode }) => <NavigationProvider>{children}</NavigationProvider>;
  return renderHook(() => useNavigation(), { wrapper });
}

describe('NavigationProvider', () => {
  it('starts from the URL', () => {
    const { result } = setup('/comercio/12');
    expect(result.current.view).toEqual({ name: 'detalle', id: 12 });
  });

  it('pushes a history entry and scrolls to the top on a view change', () => {
    const { result } = setup('/');
    const before = window.history.length;
    act(() => result.current.navigate({ name: 'promociones', categoria: '' }));
    expect(window.location.pathname).toBe('/promociones');
    expect(window.history.length).toBe(before + 1);
    expect(result.current.view).toEqual({ name: 'promociones', categoria: '' });
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
  });

  it('replaces the entry and keeps the scroll for filter changes', () => {
    const { result } = setup('/');
    const before = window.history.length;
    act(() => result.current.navigate(listaView({ q: 'pan' }), { replace: true }));
    expect(window.location.search).toBe('?q=pan');
    expect(window.history.length).toBe(before);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('adds an entry for a chosen filter without scrolling, and Back undoes it', async () => {
    const { result } = setup('/');
    const before = window.history.length;
    act(() => result.current.navigate(listaView({ categoria: 'Panadería' }), { keepScroll: true }));
    act(() =>
      result.current.navigate(listaView({ categoria: 'Panadería', localidad: 'Capital' }), { keepScroll: true }),
    );
    expect(window.history.length).toBe(before + 2);
    expect(window.scrollTo).not.toHaveBeenCalled();
    act(() => window.history.back());
    await waitFor(() => expect(result.current.view).toEqual(listaView({ categoria: 'Panadería' })));
  });

  it('Back to a list restores where it was scrolled; a new view still starts at the top', async () => {
    const { result } = setup('/');
    Object.defineProperty(window, 'scrollY', { value: 7833, configurable: true });
    act(() => result.current.navigate({ name: 'detalle', id: 3 }));
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
    act(() => window.history.back());
    await waitFor(() => expect(result.current.view).toEqual(listaView()));
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 7833, left: 0, behavior: 'instant' });
    // Forward returns to the detail where it was left.
    act(() => window.history.forward());
    await waitFor(() => expect(result.current.view).toEqual({ name: 'detalle', id: 3 }));
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 120, left: 0, behavior: 'instant' });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('follows the browser back button', async () => {
    const { result } = setup('/?localidad=Capital');
    act(() => result.current.navigate({ name: 'detalle', id: 3 }));
    act(() => window.history.back());
    await waitFor(() => expect(result.current.view).toEqual(listaView({ localidad: 'Capital' })));
  });

  it('goBackTo uses history when the previous entry is that screen, and navigates otherwise', async () => {
    const { result } = setup('/?categoria=Caf%C3%A9');
    act(() => result.current.navigate({ name: 'detalle', id: 3 }));
    const back = vi.spyOn(window.history, 'back');
    act(() => result.current.goBackTo(listaView()));
    expect(back).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(window.location.search).toBe('?categoria=Caf%C3%A9'));
    back.mockRestore();

    // Opened directly (shared link): nothing of ours to go back to, so the target is pushed.
    const direct = setup('/comercio/9');
    act(() => direct.result.current.goBackTo(listaView()));
    expect(window.location.pathname).toBe('/');
    expect(direct.result.current.view).toEqual(listaView());
  });

  it('goBack returns to whatever screen of ours came before, and navigates to the fallback otherwise', async () => {
    const { result } = setup('/promociones');
    act(() => result.current.navigate({ name: 'detalle', id: 3 }));
    const back = vi.spyOn(window.history, 'back');
    act(() => result.current.goBack(listaView()));
    expect(back).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(window.location.pathname).toBe('/promociones'));
    back.mockRestore();

    const direct = setup('/comercio/9');
    act(() => direct.result.current.goBack(listaView()));
    expect(window.location.pathname).toBe('/');
    expect(direct.result.current.view).toEqual(listaView());
  });

  it('gives real hrefs for links', () => {
    const { result } = setup('/');
    expect(result.current.hrefFor(listaView({ localidad: 'Guaymallen' }))).toBe('/?localidad=Guaymallen');
    expect(result.current.hrefFor({ name: 'not-found' })).toBe('/');
  });
});
