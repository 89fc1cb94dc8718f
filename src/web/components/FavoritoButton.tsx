import { Heart } from './icons';
import { useFavoritos, type Favorito } from '#web/lib/favoritos';

/** The heart on a card: saves the business or promotion on this device, and on the account when signed in. */
export function FavoritoButton({ favorito, className = 'relative' }: { favorito: Favorito; className?: string }) {
  const { items, toggle } = useFavoritos();
  const saved = items.some((f) => f.kind === favorito.kind && f.id === favorito.id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      // Named for what it saves: a screen reader's list of buttons shows twelve hearts, not their cards.
      aria-label={saved ? `Quitar ${favorito.nombre} de favoritos` : `Guardar ${favorito.nombre} en favoritos`}
      onClick={() => toggle(favorito)}
      // The caller places it (`absolute …` over a card's picture): a `relative` here as well would win in the
      // stylesheet's order and drop the heart out of the picture onto the card's text.
      className={`favorito-btn ${className}`}
    >
      <Heart className={`size-5 ${saved ? 'fill-brand-600' : ''}`} aria-hidden="true" />
    </button>
  );
}
