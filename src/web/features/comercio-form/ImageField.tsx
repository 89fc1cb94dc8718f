import { ImagePlus, LoaderCircle, Trash2 } from '#web/components/icons';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { contract } from '#shared/contract';
import { imageUrl } from '#shared/imagenes';
import { useDialogs } from '#web/components/dialogs';
import { api, errorMessage } from '#web/lib/api';
import { checkImageFile, IMAGE_ACCEPT } from './imagenes';
import { useUploads } from './uploads';

interface ImageFieldProps {
  label: string;
  value: string | null;
  onChange(id: string | null): void;
  /** Wide (main picture) or square (gallery, promotions). */
  shape?: 'wide' | 'square';
  id?: string;
  /** Whose image it is ("2x1 en medialunas"), so each promotion's buttons have a name of their own. */
  of?: string;
}

/** Pick an image: checked here, uploaded at once, previewed, removable (spec §5: 2 MB, JPEG/PNG/GIF/WEBP). */
export function ImageField({ label, value, onChange, shape = 'square', id, of }: ImageFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const inputRef = useRef<HTMLInputElement>(null);
  const { alert } = useDialogs();
  const { setUploading } = useUploads();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploading = preview !== null;
  const named = `${label.toLowerCase()}${of ? ` de ${of}` : ''}`;

  useEffect(() => () => setUploading(inputId, false), [inputId, setUploading]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setError(problem);
      await alert(problem);
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL(file));
    setUploading(inputId, true);
    try {
      const { id: imageId } = await api(contract.imagenes.upload, { body: file });
      onChange(imageId);
    } catch (err) {
      const message = errorMessage(err);
      setError(message);
      await alert(message);
    } finally {
      setPreview(null);
      setUploading(inputId, false);
    }
  }

  const src = preview ?? imageUrl(value, 'thumb');
  const box = shape === 'wide' ? 'aspect-[16/9] sm:aspect-[2/1]' : 'aspect-square';
  return (
    <div className="min-w-0">
      <p className="mb-1.5 text-sm font-semibold text-ink-900" id={`${inputId}-label`}>
        {label}
      </p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        className="peer sr-only"
        aria-labelledby={of ? undefined : `${inputId}-label`}
        aria-label={of ? `${label} de ${of}` : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        disabled={uploading}
        onChange={(e) => void onPick(e)}
      />
      <div
        className={`relative overflow-hidden peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 rounded-xl border-2 border-dashed ${src ? 'border-transparent' : 'border-sand-300'} bg-sand-50 ${box}`}
      >
        {src ? (
          <img
            src={src}
            alt={`Vista previa: ${label}`}
            className={`size-full object-cover ${uploading ? 'opacity-60' : ''}`}
          />
        ) : (
          <label
            htmlFor={inputId}
            className="flex size-full cursor-pointer flex-col items-center justify-center gap-1 p-2 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <ImagePlus className="size-7" aria-hidden="true" />
            Elegir imagen
          </label>
        )}
        {uploading && (
          <div
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 bg-white/50 text-sm font-semibold text-ink-900"
          >
            <LoaderCircle
              className="size-5 animate-spin text-brand-600 motion-reduce:animate-none"
              aria-hidden="true"
            />
            Subiendo…
          </div>
        )}
      </div>
      {value && !uploading && (
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className="rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-sand-300 hover:bg-sand-50"
            onClick={() => inputRef.current?.click()}
            aria-label={`Cambiar ${named}`}
          >
            Cambiar
          </button>
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-semibold text-ink-700 ring-1 ring-sand-300 hover:bg-sand-50"
            onClick={() => onChange(null)}
            aria-label={`Quitar ${named}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Quitar
          </button>
        </div>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1.5 text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
    </div>
  );
}
