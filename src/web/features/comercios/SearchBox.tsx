import { Search, X } from '#web/components/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_MAX_LENGTH } from '#shared/constants';
import { useDebouncedValue } from '#web/lib/hooks';
import { GetForm } from '#web/components/GetForm';
import { viewToUrl } from '#web/lib/routes';
import { listaIn, useListaFilters, useListaVista } from './useListaFilters';

export const SEARCH_DEBOUNCE_MS = 300;

type SugerenciasList = typeof import('./Sugerencias').Sugerencias;

/** Search box of the lista header: typing settles for 300 ms, then the URL (and the server query) follows. */
export function SearchBox() {
  const [filters, setFilters] = useListaFilters();
  const [mapa] = useListaVista();
  const [text, setText] = useState(filters.q);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  // The suggestions' combobox comes on the box's first focus or input (ADR 046): no first load carries it.
  const [Sugerencias, setSugerencias] = useState<SugerenciasList>();
  const loadSugerencias = () => {
    if (!Sugerencias)
      import('./Sugerencias').then(
        (m) => setSugerencias(() => m.Sugerencias),
        () => undefined,
      );
  };

  // On a server-rendered page a visitor can type before the JavaScript arrives (it loads once the page's photo
  // is on screen, ADR 021): the box shows the text but no handler saw it. Adopt it once hydrated.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== text) setText(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);

  // Typing → URL; the search last sent that way.
  const sentQ = useRef<string | null>(null);
  useEffect(() => {
    // A suggestion chosen before the typing settled has already left for its page (the history moves at once,
    // while this view may still be shown until the next one's code arrives): the search must not drag them back.
    // Lista is the only view at '/' (src/shared/routes.ts).
    if (window.location.pathname !== '/') return;
    // Nor may a text the box no longer shows: a category chosen as the typing settled cleared the box, and its
    // page (a transition) can still be on its way when this settled text is rendered, with the filters it replaces.
    // A newer text settles on its own.
    if (settled !== text) return;
    if (settled.trim() !== filters.q) setFilters({ q: (sentQ.current = settled.trim()) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the settled text changes; the URL changing on its own is handled below.
  }, [settled]);

  // URL (back/forward, a chip, a shared link) → box, unless it is just the trimmed form of what is typed. Only
  // when the URL changes: on the first render the box already shows it, and text typed before hydration (adopted
  // above) must not be wiped by the URL it has not reached yet.
  const shownQ = useRef(filters.q);
  useEffect(() => {
    if (shownQ.current === filters.q) return;
    shownQ.current = filters.q;
    // What this box sent arriving, maybe after more was typed (a backspace while the list renders): keep the newer.
    if (sentQ.current === filters.q) return;
    sentQ.current = null;
    setText((current) => (current.trim() === filters.q ? current : filters.q));
  }, [filters.q]);

  return (
    // Before the JavaScript runs, Enter loads the results from the server with the other filters kept.
    <GetForm
      role="search"
      url={viewToUrl(listaIn({ ...filters, q: '' }, mapa)) ?? '/'}
      omit="q"
      onSubmit={() => {
        setFilters({ q: text.trim() });
        // A keyboard keeps the box focused (the count of results is announced); a touch screen's keyboard closes,
        // so the results it covered come into view.
        if (window.matchMedia?.('(pointer: coarse)').matches) inputRef.current?.blur();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Buscar comercios
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-ink-500 sm:left-4"
          aria-hidden="true"
        />
        <input
          ref={inputRef}
          id={id}
          name="q"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={SEARCH_MAX_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            loadSugerencias();
          }}
          onFocus={loadSugerencias}
          placeholder="Buscar comercios, productos, servicios..."
          // The whole placeholder fits a 360 px phone: a smaller placeholder (the typed text stays 16 px, so phones
          // do not zoom in), and room on the right only while the clear button is there.
          className={`h-12 w-full rounded-full border border-sand-300 bg-white pl-10 text-base text-ink-900 shadow-sm transition-colors placeholder:text-[0.8125rem] placeholder:text-ink-500 hover:border-brand-300 focus:border-brand-500 min-[400px]:placeholder:text-sm sm:pl-12 sm:placeholder:text-base [&::-webkit-search-cancel-button]:hidden ${text ? 'pr-12' : 'pr-3 sm:pr-12'}`}
        />
        {text && (
          <button
            type="button"
            onClick={() => {
              setText('');
              setFilters({ q: '' });
              inputRef.current?.focus();
            }}
            className="absolute right-1.5 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-ink-600 hover:bg-sand-100"
            aria-label="Borrar búsqueda"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        )}
        {Sugerencias && <Sugerencias input={inputRef} text={text} typed={text.trim() !== filters.q} onText={setText} />}
      </div>
    </GetForm>
  );
}
