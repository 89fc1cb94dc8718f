import { useState } from 'react';
import { GALLERY_MAX } from '#shared/constants';
import { SmartImage } from '#web/components/SmartImage';

interface GalleryProps {
  nombre: string;
  categoria: string;
  imagen: string | null;
  galeria: string[];
}

/**
 * The main image's width: the page's padded column on a phone, the detail's left column (at most 72rem − 27rem)
 * from `lg` up. A 412 px phone takes the 480 px variant at 1×, the 800 px one at 1.75× (380 × 1.75 = 665 device
 * px), the 1280 px one from about 2.1×.
 */
const MAIN_SIZES = '(min-width: 1024px) 720px, calc(100vw - 2rem)';

/** Main image plus up to 2 gallery images (spec §9); thumbnails are buttons that switch the main image. */
export function Gallery({ nombre, categoria, imagen, galeria }: GalleryProps) {
  const images = [imagen, ...galeria].filter((id): id is string => !!id).slice(0, GALLERY_MAX);
  // Null until a thumbnail is picked: the first image is the page's largest paint and must not fade in.
  const [selected, setSelected] = useState<number | null>(null);
  const current = images[Math.min(selected ?? 0, images.length - 1)] ?? null;
  const position = Math.min(selected ?? 0, Math.max(images.length - 1, 0));

  return (
    <div>
      <div className="gallery-frame">
        <SmartImage
          key={current ?? 'none'}
          imageId={current}
          size="large"
          alt={images.length > 0 ? `${nombre}, foto ${position + 1} de ${images.length}` : ''}
          categoria={categoria}
          width={1280}
          height={800}
          priority
          sizes={MAIN_SIZES}
          className={selected === null ? 'size-full' : 'size-full animate-fade-in'}
          iconClassName="size-20"
        />
      </div>
      {images.length > 1 && (
        <div className="mt-3 flex gap-3" role="group" aria-label="Fotos del comercio">
          {images.map((id, i) => (
            <button
              key={id + i}
              type="button"
              onClick={() => setSelected(i)}
              aria-label={`Ver foto ${i + 1} de ${images.length}`}
              aria-pressed={i === position}
              className={`relative aspect-[4/3] w-24 overflow-hidden rounded-xl ring-2 transition sm:w-28 ${
                i === position ? 'ring-brand-500' : 'opacity-80 ring-transparent hover:opacity-100'
              }`}
            >
              <SmartImage
                imageId={id}
                size="thumb"
                alt=""
                categoria={categoria}
                width={160}
                height={120}
                className="size-full"
                iconClassName="size-6"
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
