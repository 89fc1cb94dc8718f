import { useState } from 'react';
import { imageSrcSet, imageUrl, type ImageSize } from '#shared/imagenes';
import { CategoriaGlyph, categoriaGradient } from './CategoriaIcon';

interface SmartImageProps {
  /** Stored image id (or null): served as a sized WebP variant. */
  imageId: string | null | undefined;
  size: ImageSize;
  alt: string;
  /** Category of the business: picks the placeholder's icon and gradient. */
  categoria?: string | null;
  /** Intrinsic size hint, so the browser reserves space (the box itself is sized by className). */
  width: number;
  height: number;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  /**
   * The box's width per viewport (the `sizes` attribute): with it the browser picks the smallest variant that
   * covers the box at the screen's density (a 412 px phone takes the 480 px one at 1×, the 800 px one at 1.75×)
   * instead of `size`.
   */
  sizes?: string;
  className?: string;
  iconClassName?: string;
}

/** An image that fills its box, or a warm gradient with the category's icon when there is none (or it fails). */
export function SmartImage({
  imageId,
  size,
  alt,
  categoria,
  width,
  height,
  priority = false,
  sizes,
  className = '',
  iconClassName = 'size-12',
}: SmartImageProps) {
  const src = imageUrl(imageId, size);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div
        className={`flex items-center justify-center bg-gradient-to-br ${categoriaGradient(categoria)} ${className}`}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
      >
        <CategoriaGlyph categoria={categoria} className={`${iconClassName} opacity-80`} />
      </div>
    );
  }
  const srcSet = sizes ? (imageSrcSet(imageId) ?? undefined) : undefined;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      // The boot script starts the page's scripts once this photo is on screen (deferred-scripts.ts).
      {...(priority ? { elementtiming: 'foto' } : {})}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={`bg-sand-200 object-cover ${className}`}
    />
  );
}
