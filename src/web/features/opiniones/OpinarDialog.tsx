import { Star } from '#web/components/icons';
import { useId, useState, type FormEvent } from 'react';
import { contract } from '#shared/contract';
import { OPINION_TEXTO_MAX, opinionSchema } from '#shared/opiniones';
import { btnGhost, btnPrimary } from '#web/components/buttons';
import { FormError } from '#web/components/form/Fields';
import { ModalFrame } from '#web/components/ModalFrame';
import { Spinner } from '#web/components/Spinner';
import { useAuth } from '#web/features/auth';
import { api, errorMessage } from '#web/lib/api';
import { useMiOpinion, useRefreshOpiniones } from './api';

/**
 * Writes or edits my opinion on a business: 1 to 5 stars and a text. The server decides (a verified email, not
 * one's own business, the limits) and its Spanish answer is shown here.
 */
export default function OpinarDialog({
  comercio,
  onClose,
  onDone,
}: {
  comercio: { id: number; nombre: string };
  onClose(): void;
  onDone(mensaje: string): void;
}) {
  const mine = useMiOpinion(comercio.id);
  const { user } = useAuth();
  return (
    <ModalFrame onClose={onClose} label={`Opinar sobre ${comercio.nombre}`} panelClassName="max-w-md p-6 pb-8">
      <h2 className="pr-8 text-lg font-extrabold text-ink-900">Tu opinión</h2>
      <p className="mt-1 text-sm text-ink-600">{comercio.nombre}</p>
      {user && !user.emailVerified && (
        // Said before the writing, not after: an account just created here cannot publish yet (ADR 027), and
        // finding out on "Publicar" was a wall after the work. The form stays open, so what is written is kept
        // while the link is followed (the session is read again when this tab is back in front).
        <p role="status" className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300">
          Para publicar tu opinión, confirmá tu email: te enviamos un enlace a {user.email}. Podés escribirla ahora y
          publicarla cuando lo confirmes.
        </p>
      )}
      {mine.isPending ? (
        <Spinner label="Cargando…" />
      ) : (
        <OpinarForm
          comercioId={comercio.id}
          initial={mine.data?.opinion ?? null}
          loadError={mine.isError ? errorMessage(mine.error) : null}
          onDone={onDone}
        />
      )}
    </ModalFrame>
  );
}

function OpinarForm({
  comercioId,
  initial,
  loadError,
  onDone,
}: {
  comercioId: number;
  initial: { estrellas: number; texto: string } | null;
  loadError: string | null;
  onDone(mensaje: string): void;
}) {
  const textoId = useId();
  const [estrellas, setEstrellas] = useState(initial?.estrellas ?? 0);
  const [texto, setTexto] = useState(initial?.texto ?? '');
  const [errors, setErrors] = useState<{ estrellas?: string; texto?: string }>({});
  const [serverError, setServerError] = useState<string | null>(loadError);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshOpiniones(comercioId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const parsed = opinionSchema.safeParse({ estrellas, texto });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'estrellas' | 'texto';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api(contract.opiniones.save, { params: { id: comercioId }, body: parsed.data });
      await refresh();
      onDone(initial ? 'Actualizamos tu opinión.' : '¡Gracias por tu opinión!');
    } catch (err) {
      setServerError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setServerError(null);
    setBusy(true);
    try {
      await api(contract.opiniones.remove, { params: { id: comercioId } });
      await refresh();
      onDone('Borramos tu opinión.');
    } catch (err) {
      setServerError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4">
      <fieldset aria-describedby={errors.estrellas ? `${textoId}-estrellas-error` : undefined}>
        <legend className="mb-2 text-sm font-semibold text-ink-900">¿Cuántas estrellas le das?</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-full p-1 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-300"
            >
              <input
                type="radio"
                name="estrellas"
                value={n}
                checked={estrellas === n}
                onChange={() => setEstrellas(n)}
                className="sr-only"
              />
              <Star
                className={`size-9 ${n <= estrellas ? 'fill-amber-400 text-amber-500' : 'fill-none text-ink-500'}`}
                aria-hidden="true"
              />
              <span className="sr-only">{n === 1 ? '1 estrella' : `${n} estrellas`}</span>
            </label>
          ))}
        </div>
        {errors.estrellas && (
          <p id={`${textoId}-estrellas-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors.estrellas}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={textoId} className="mb-1.5 block text-sm font-semibold text-ink-900">
          Contá cómo te fue
        </label>
        <textarea
          id={textoId}
          rows={5}
          maxLength={OPINION_TEXTO_MAX}
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          aria-invalid={errors.texto ? true : undefined}
          aria-describedby={`${textoId}-hint${errors.texto ? ` ${textoId}-error` : ''}`}
          className="block w-full rounded-xl border border-sand-300 bg-white px-3.5 py-2.5 text-base text-ink-900 focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200"
        />
        <p id={`${textoId}-hint`} className="mt-1 text-xs text-ink-600">
          Entre 10 y {OPINION_TEXTO_MAX} caracteres. Se publica con tu nombre.
        </p>
        {errors.texto && (
          <p id={`${textoId}-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors.texto}
          </p>
        )}
      </div>
      <FormError message={serverError} />
      <button type="submit" className={`${btnPrimary} w-full py-3`} disabled={busy}>
        {busy ? 'Enviando...' : initial ? 'Guardar cambios' : 'Publicar opinión'}
      </button>
      {initial && (
        <button
          type="button"
          className={`${btnGhost} w-full text-red-700`}
          disabled={busy}
          onClick={() => void remove()}
        >
          Borrar mi opinión
        </button>
      )}
    </form>
  );
}
