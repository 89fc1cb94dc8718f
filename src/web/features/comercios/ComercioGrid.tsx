import { useEffect, useRef } from 'react';
import type { ComercioCard as ComercioCardData } from '#shared/api';
import { btnSecondary } from '#web/components/buttons';
import { CardSkeleton, LoadingAnnouncement } from '#web/components/Skeleton';
import { Spinner } from '#web/components/Spinner';
import { useOffline } from '#web/lib/online';
import { ComercioCard } from './ComercioCard';

export const GRID_CLASSES = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 sm:gap-5';

interface ComercioGridProps {
  items: ComercioCardData[];
  loading: boolean;
  refreshing: boolean;
  hasMore: boolean;
  fetchingMore: boolean;
  moreFailed: boolean;
  onLoadMore(): void;
  /** The URL of the grid with one more page (`?page=2`): "Cargar más" is a real link, so it works without JavaScript. */
  moreHref?: string;
  /** The first card's photo is the page's largest paint (no featured strip above the grid): fetch it first. */
  priorityFirst?: boolean;
}

/** Cards, then an invisible sentinel that loads the next page as it nears the viewport, plus a button for keyboards. */
export function ComercioGrid({
  items,
  loading,
  refreshing,
  hasMore,
  fetchingMore,
  moreFailed,
  onLoadMore,
  moreHref,
  priorityFirst = false,
}: ComercioGridProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const offline = useOffline();
  const loadMoreRef = useRef(onLoadMore);
  loadMoreRef.current = onLoadMore;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasMore || moreFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMoreRef.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, moreFailed, items.length]);

  if (loading) {
    return (
      <div className={GRID_CLASSES} aria-busy="true">
        <LoadingAnnouncement text="Cargando comercios…" />
        {Array.from({ length: 8 }, (_, i) => (
          <CardSkeleton key={i} />
        ))}
      </div>
    );
  }

  return (
    <>
      <ul className={`${GRID_CLASSES} transition-opacity ${refreshing ? 'opacity-60' : ''}`} aria-busy={refreshing}>
        {items.map((c, i) => (
          <li key={c.id} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <ComercioCard comercio={c} priority={priorityFirst && i === 0} />
            </div>
          </li>
        ))}
        {fetchingMore &&
          Array.from({ length: 4 }, (_, i) => (
            <li key={`s${i}`}>
              <CardSkeleton />
            </li>
          ))}
      </ul>
      {hasMore && <div ref={sentinelRef} aria-hidden="true" className="h-px" />}
      {fetchingMore && <Spinner label="Cargando más comercios…" />}
      {hasMore && !fetchingMore && (
        <div className="mt-8 flex flex-col items-center gap-2">
          {/* Offline the next page's read pauses rather than fails: the same words, until the connection returns. */}
          {(moreFailed || offline) && <p className="text-sm text-ink-600">No pudimos cargar más comercios.</p>}
          {moreHref && !moreFailed ? (
            <a
              href={moreHref}
              className={btnSecondary}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onLoadMore();
              }}
            >
              Cargar más
            </a>
          ) : (
            <button type="button" className={btnSecondary} onClick={onLoadMore}>
              {moreFailed ? 'Reintentar' : 'Cargar más'}
            </button>
          )}
        </div>
      )}
    </>
  );
}
