// @vitest-environment jsdom
import '../test/setup-dom';
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

  it('gives real hrefs for links', () => {
    const { result } = setup('/');
    expect(result.current.hrefFor(listaView({ localidad: 'Guaymallen' }))).toBe('/?localidad=Guaymallen');
    expect(result.current.hrefFor({ name: 'not-found' })).toBe('/');
  });
});
