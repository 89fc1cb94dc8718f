import {
  createContext,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { markNavigated } from './render-context';
import { parseUrl, sameScreen, viewToUrl, type View } from './routes';

interface HistoryState {
  vidrieraIdx: number;
}

export interface NavigateOptions {
  /** Replace the current history entry (typing a search) instead of adding one. */
  replace?: boolean;
  /** A new entry on the same screen (a category or locality chosen): Back undoes it, the page keeps its scroll. */
  keepScroll?: boolean;
  /** Runs just before the view changes, and only if it does: a leave guard's "Seguir editando" stops both. */
  before?: () => void;
}

/**
 * Asked before the current screen is left (a form with unsaved changes): true or false at once, or a promise of
 * the person's answer.
 */
export type LeaveGuard = () => boolean | Promise<boolean>;

export interface Navigation {
  view: View;
  /** The guard to ask before leaving this screen, by a link or by Back (null: none). */
  setLeaveGuard(guard: LeaveGuard | null): void;
  navigate(view: View, options?: NavigateOptions): void;
  /** Back to `target`: the browser's back when the previous entry is that screen (keeps its filters), else a navigation. */
  goBackTo(target: View): void;
  /**
   * Back to wherever the visitor came from in this app, scroll restored (the browser's back), whatever screen it
   * was; `fallback` when there is none of ours (a shared link opened directly).
   */
  goBack(fallback: View): void;
  hrefFor(view: View): string;
}

const NavigationContext = createContext<Navigation | null>(null);

function currentIdx(): number {
  const state = window.history.state as Partial<HistoryState> | null;
  return typeof state?.vidrieraIdx === 'number' ? state.vidrieraIdx : 0;
}

function currentUrl(): string {
  return window.location.pathname + window.location.search;
}

/** Keeps the view state machine and the URL in step: pushState on navigation, popstate on back/forward. */
/** `initialView`: the view of the URL being rendered on the server (no window there). */
export function NavigationProvider({ children, initialView }: { children: ReactNode; initialView?: View }) {
  const [view, setView] = useState<View>(
    () => initialView ?? parseUrl(window.location.pathname, window.location.search),
  );
  const viewRef = useRef(view);
  const idxRef = useRef(0);
  /** The views of the history entries this page load created, by index: what "back" would show. */
  const entries = useRef(new Map<number, View>());
  const [screen, setScreen] = useState(0);
  /** Where each history entry of this page load was scrolled when it was left, by index: Back returns there. */
  const scrollPositions = useRef(new Map<number, number>());
  /** Set by back/forward: the position the next screen change restores instead of going to the top. */
  const restoreTo = useRef<number | null>(null);
  const leaveGuard = useRef<LeaveGuard | null>(null);
  /** Set while Back is undone until the guard answers: the popstate that undoing causes is not a navigation. */
  const undoingPop = useRef(false);
  /** The guard's answer when leaving for `next`: true when there is nothing to ask. */
  const mayLeave = (next: View) =>
    leaveGuard.current && !sameScreen(viewRef.current, next) ? leaveGuard.current() : true;

  /** `toTop`: a pushed navigation (a link to the same screen, like Inicio on Inicio, also goes back to the top). */
  const show = useCallback((next: View, toTop = false) => {
    markNavigated();
    const changedScreen = toTop || !sameScreen(viewRef.current, next);
    viewRef.current = next;
    setView(next);
    if (changedScreen) setScreen((s) => s + 1);
  }, []);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    idxRef.current = currentIdx();
    entries.current.set(idxRef.current, viewRef.current);
    window.history.replaceState(
      { ...(window.history.state as object | null), vidrieraIdx: idxRef.current },
      '',
      currentUrl(),
    );
    const onPopState = () => {
      if (undoingPop.current) {
        undoingPop.current = false;
        return;
      }
      const next = parseUrl(window.location.pathname, window.location.search);
      const steps = idxRef.current - currentIdx();
      const answer = mayLeave(next);
      // Back (or Forward) has already moved the address: put it back while the guard asks, and go on only if
      // the person agrees. An entry that is not ours (steps 0) cannot be undone: history.go(0) would reload.
      if (answer !== true && steps !== 0) {
        undoingPop.current = true;
        window.history.go(steps);
        if (answer !== false)
          void answer.then((ok) => {
            if (!ok) return;
            leaveGuard.current = null;
            window.history.go(-steps);
          });
        return;
      }
      // The page still shows the entry being left: remember its scroll for a later Forward.
      scrollPositions.current.set(idxRef.current, window.scrollY);
      idxRef.current = currentIdx();
      entries.current.set(idxRef.current, next);
      restoreTo.current = scrollPositions.current.get(idxRef.current) ?? 0;
      show(next);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [show]);

  // Every view change scrolls to the top (spec §2) and moves focus to the main region for screen readers.
  // Back and forward are the exception, as in a native app: the list comes back where it was left.
  // Filter changes keep the scroll position.
  const firstScreen = useRef(true);
  useLayoutEffect(() => {
    const target = restoreTo.current;
    restoreTo.current = null;
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo({ top: target ?? 0, left: 0, behavior: 'instant' });
    if (!target) return;
    // The view may still be growing (code or data arriving): keep trying for a moment until the page is tall enough.
    let frames = 0;
    let handle = 0;
    const settle = () => {
      if (Math.abs(window.scrollY - target) <= 1 || frames++ > 60) return;
      window.scrollTo({ top: target, left: 0, behavior: 'instant' });
      handle = requestAnimationFrame(settle);
    };
    handle = requestAnimationFrame(settle);
    const stop = () => cancelAnimationFrame(handle);
    // A person who scrolls or taps meanwhile wins.
    window.addEventListener('wheel', stop, { once: true, passive: true });
    window.addEventListener('touchstart', stop, { once: true, passive: true });
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
    };
  }, [screen]);

  const go = useCallback(
    (next: View, options: NavigateOptions = {}) => {
      const url = viewToUrl(next) ?? currentUrl();
      if (options.replace) {
        window.history.replaceState({ vidrieraIdx: idxRef.current } satisfies HistoryState, '', url);
      } else {
        scrollPositions.current.set(idxRef.current, window.scrollY);
        idxRef.current += 1;
        // Entries after this one (a Forward that no longer exists) forget their positions.
        for (const idx of scrollPositions.current.keys())
          if (idx >= idxRef.current) scrollPositions.current.delete(idx);
        window.history.pushState({ vidrieraIdx: idxRef.current } satisfies HistoryState, '', url);
      }
      entries.current.set(idxRef.current, next);
      show(next, !options.replace && !options.keepScroll);
    },
    [show],
  );

  const navigate = useCallback(
    (next: View, options: NavigateOptions = {}) => {
      const leave = () => {
        options.before?.();
        go(next, options);
      };
      const answer = mayLeave(next);
      if (answer === true) leave();
      else if (answer !== false)
        void answer.then((ok) => {
          if (!ok) return;
          leaveGuard.current = null;
          leave();
        });
    },
    [go],
  );

  const goBackTo = useCallback(
    (target: View) => {
      const previous = entries.current.get(idxRef.current - 1);
      if (previous && sameScreen(previous, target)) window.history.back();
      else navigate(target);
    },
    [navigate],
  );

  const goBack = useCallback(
    (fallback: View) => {
      if (entries.current.has(idxRef.current - 1)) window.history.back();
      else navigate(fallback);
    },
    [navigate],
  );

  const setLeaveGuard = useCallback((guard: LeaveGuard | null) => {
    leaveGuard.current = guard;
  }, []);

  const value = useMemo<Navigation>(
    () => ({ view, setLeaveGuard, navigate, goBackTo, goBack, hrefFor: (v: View) => viewToUrl(v) ?? '/' }),
    [view, setLeaveGuard, navigate, goBackTo, goBack],
  );
  return <NavigationContext value={value}>{children}</NavigationContext>;
}

export function useNavigation(): Navigation {
  const nav = use(NavigationContext);
  if (!nav) throw new Error('useNavigation must be used inside NavigationProvider');
  return nav;
}
