import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useNavigation } from '#web/lib/navigation';
import type { View } from '#web/lib/routes';

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: View;
  replace?: boolean;
  children: ReactNode;
}

/** A real link (middle-click, copy link, open in new tab) that switches views in place on a plain click. */
export function AppLink({ to, replace, onClick, children, ...rest }: AppLinkProps) {
  const { navigate, hrefFor } = useNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return (
    <a href={hrefFor(to)} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
