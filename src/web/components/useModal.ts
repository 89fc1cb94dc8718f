import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open modals, innermost last: only the top one answers Escape; the page scroll comes back when none is left. */
const stack: symbol[] = [];
let openModals = 0;
let savedOverflow = '';

function lockScroll(): void {
  if (openModals === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  openModals += 1;
}

function unlockScroll(): void {
  openModals = Math.max(0, openModals - 1);
  if (openModals === 0) document.body.style.overflow = savedOverflow;
}

/**
 * Modal behaviour for a dialog panel while `open`: locks page scroll, moves focus inside (the element marked
 * data-autofocus, else the first focusable), keeps Tab inside, closes on Escape, and gives focus back on close.
 */
export function useModal(
  open: boolean,
  panelRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  returnFocusRef?: RefObject<HTMLElement | null>,
): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const id = Symbol('modal');
    stack.push(id);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    lockScroll();
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== id) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = focusable[0];
      const tail = focusable[focusable.length - 1];
      if (!head || !tail) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && (document.activeElement === head || !panel.contains(document.activeElement))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (document.activeElement === tail || !panel.contains(document.activeElement))) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      stack.splice(stack.indexOf(id), 1);
      unlockScroll();
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the element to return to is the one current at close time.
      const target = returnFocusRef?.current ?? previouslyFocused;
      if (target?.isConnected) target.focus({ preventScroll: true });
    };
  }, [open, panelRef, returnFocusRef]);
}
