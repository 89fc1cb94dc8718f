import { useEffect, useId, useState, type RefObject } from 'react';
import { contract } from '#shared/contract';
import { asksSugerencias, sugerenciaWords, type Sugerencia } from '#shared/sugerencias';
import { api } from '#web/lib/api';
import { useNavigation } from '#web/lib/navigation';
import { useListaFilters } from './useListaFilters';

/** Typing settles this long before suggestions are asked for (the results follow at SEARCH_DEBOUNCE_MS). */
export const SUGERENCIAS_DEBOUNCE_MS = 200;

/** Answers already fetched in this page, by the folded words the server keys them by. */
const answers = new Map<string, Sugerencia[]>();

/** What an option says under its text: the kind of suggestion, and for a business its main category. */
function detail(s: Sugerencia): string {
  if (s.tipo === 'comercio') return `Comercio · ${s.categoria.split(',')[0]?.trim() ?? ''}`;
  return s.tipo === 'categoria' ? 'Categoría: ver todos sus comercios' : 'Buscá esta palabra';
}

const labelOf = (s: Sugerencia) => (s.tipo === 'palabra' ? s.texto : s.nombre);

/**
 * Suggestions as you type (issue 30, ADR 046): the search box's combobox, in the WAI-ARIA pattern (the input is
 * the combobox, focus stays in it, aria-activedescendant names the option the arrows are on). Loaded on the
 * box's first focus or input, so the page's first load carries none of it: it marks the box up as a combobox
 * and listens to its keys itself. Without JavaScript the box stays a plain search field of a GET form.
 */
export function Sugerencias({
  input,
  text,
  typed,
  onText,
}: {
  input: RefObject<HTMLInputElement | null>;
  text: string;
  /** Typed before this module arrived (the box's text is not yet the search): its list opens at once. */
  typed: boolean;
  onText(text: string): void;
}) {
  const { navigate } = useNavigation();
  const [, setFilters] = useListaFilters();
  const listId = useId();
  // Open only after the visitor types (not when a chip or Back changes the text), until they choose or leave.
  const [wanted, setWanted] = useState(typed);
  // The words the server keys its answer by ('' when there is nothing to ask), and the last answer with its key.
  const key = asksSugerencias(text) ? sugerenciaWords(text).join(' ') : '';
  const [found, setFound] = useState<{ key: string; items: Sugerencia[] }>({ key: '', items: [] });
  const items = key && found.key === key ? found.items : [];
  const [active, setActive] = useState(-1);
  const expanded = wanted && items.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;
  const close = () => {
    setWanted(false);
    setActive(-1);
  };

  useEffect(() => {
    if (!wanted || !key || found.key === key) return;
    const show = (answer: Sugerencia[]) => {
      setFound({ key, items: answer });
      setActive(-1);
    };
    const known = answers.get(key);
    if (known) return show(known);
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      api(contract.comercios.sugerencias, { query: { q: key }, signal: abort.signal }).then(
        (answer) => {
          answers.set(key, answer.items);
          show(answer.items);
        },
        // A failed or slow suggestion is no error to show: the search itself still answers.
        () => undefined,
      );
    }, SUGERENCIAS_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [key, wanted, found.key]);

  const choose = (s: Sugerencia) => {
    close();
    if (s.tipo === 'comercio') navigate({ name: 'detalle', id: s.id, nombre: s.nombre });
    else if (s.tipo === 'categoria') {
      onText('');
      setFilters({ categoria: s.nombre, q: '' });
    } else {
      onText(s.texto);
      setFilters({ q: s.texto });
    }
  };

  // The box is the combobox: its ARIA state follows the list's.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('role', 'combobox');
    box.setAttribute('aria-autocomplete', 'list');
    box.setAttribute('aria-controls', listId);
    box.setAttribute('aria-expanded', String(expanded));
    if (expanded && active >= 0) box.setAttribute('aria-activedescendant', optionId(active));
    else box.removeAttribute('aria-activedescendant');
  });
  useEffect(() => {
    const box = input.current;
    return () => {
      for (const name of ['role', 'aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant'])
        box?.removeAttribute(name);
    };
  }, [input]);

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onInput = () => setWanted(true);
    const onBlur = close;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
      const n = items.length;
      if (event.key === 'ArrowDown' && (n > 0 || key)) {
        // Opens the list (asking for it when the text changed while it was closed), then moves down it.
        event.preventDefault();
        setWanted(true);
        if (n > 0) setActive(expanded ? (active + 1) % n : 0);
      } else if (event.key === 'ArrowUp' && expanded) {
        event.preventDefault();
        setActive(active <= 0 ? n - 1 : active - 1);
      } else if (event.key === 'Enter' && expanded && active >= 0) {
        // Instead of submitting the search: the option the arrows are on is chosen.
        event.preventDefault();
        choose(items[active]!);
      } else if (event.key === 'Enter') {
        // The form searches what is typed; the list would otherwise stay open over the results it asked for.
        close();
      } else if (event.key === 'Escape' && expanded) {
        // Closes the list only; a second Escape clears the box as a search field does.
        event.preventDefault();
        close();
      }
    };
    box.addEventListener('input', onInput);
    box.addEventListener('blur', onBlur);
    box.addEventListener('keydown', onKey);
    return () => {
      box.removeEventListener('input', onInput);
      box.removeEventListener('blur', onBlur);
      box.removeEventListener('keydown', onKey);
    };
  });

  return (
    <>
      <ul
        id={listId}
        role="listbox"
        aria-label="Sugerencias"
        hidden={!expanded}
        // Over the page, not in its flow: the results below do not move.
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-[60vh] overflow-y-auto rounded-2xl border border-sand-300 bg-white py-1 shadow-lg"
        // A press on an option must not take the focus from the box (it would close the list before the click).
        onMouseDown={(event) => event.preventDefault()}
      >
        {expanded &&
          items.map((s, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the combobox's, on the box (the ARIA pattern keeps focus there)
            <li
              key={`${s.tipo}-${labelOf(s)}-${s.tipo === 'comercio' ? s.id : ''}`}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onClick={() => choose(s)}
              onPointerMove={() => setActive(i)}
              className={`flex min-h-11 cursor-pointer flex-col justify-center px-4 py-1.5 text-left ${i === active ? 'bg-brand-50' : ''}`}
            >
              <span className="text-base text-ink-900">{labelOf(s)}</span>
              <span className="text-sm text-ink-600">{detail(s)}</span>
            </li>
          ))}
      </ul>
      <p role="status" className="sr-only">
        {expanded
          ? `${items.length === 1 ? '1 sugerencia' : `${items.length} sugerencias`}: usá las flechas para elegir.`
          : ''}
      </p>
    </>
  );
}
