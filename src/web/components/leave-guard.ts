import { useEffect, useRef } from 'react';
import { useNavigation } from '#web/lib/navigation';
import { useDialogs } from './dialogs';

export const DISCARD_CHANGES = '¿Descartar los cambios? Lo que cargaste en este formulario todavía no se guardó.';

/**
 * While `dirty`, leaving the screen asks first: a link or Back in the app asks in the app's own dialog, a reload or
 * a closed tab in the browser's. `allowLeaving(true)` while the form saves: the navigation it makes once saved must
 * not ask; `allowLeaving(false)` when the save failed and the changes are still only on screen.
 */
export function useLeaveGuard(dirty: boolean): { allowLeaving(allowed: boolean): void } {
  const { setLeaveGuard } = useNavigation();
  const { confirm } = useDialogs();
  const released = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    setLeaveGuard(
      () => released.current || confirm(DISCARD_CHANGES, { confirm: 'Descartar cambios', cancel: 'Seguir editando' }),
    );
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      // The browser asks in its own words; the text is not shown.
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      setLeaveGuard(null);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, setLeaveGuard, confirm]);

  return {
    allowLeaving: (allowed) => {
      released.current = allowed;
    },
  };
}
