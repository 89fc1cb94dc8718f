import { Star } from '#web/components/icons';

/** Five stars, `value` of them filled, read as "4 de 5 estrellas". */
export function Stars({ value, className = 'size-4' }: { value: number; className?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${value} de 5 estrellas`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          className={`${className} ${i <= value ? 'fill-amber-400 text-amber-500' : 'fill-none text-sand-300'}`}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}
