import type { Opinion } from '#shared/opiniones';
import { fechaRelativa } from '#shared/rules/fecha-relativa';
import { Stars } from './Stars';

/** Who wrote an opinion, its stars and how long ago: the same line on the business page and on the owner's card. */
export function OpinionByline({
  opinion,
  now,
}: {
  opinion: Pick<Opinion, 'autor' | 'estrellas' | 'createdAt'>;
  now: Date;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-semibold text-ink-900">{opinion.autor}</span>
      <Stars value={opinion.estrellas} />
      <time dateTime={opinion.createdAt} className="text-sm text-ink-600">
        {fechaRelativa(opinion.createdAt, now)}
      </time>
    </div>
  );
}
