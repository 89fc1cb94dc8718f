import type { ReactElement, SVGProps } from 'react';
import type { IconName } from './names';

/**
 * A lucide icon drawn from one SVG sprite: `<svg class="lucide lucide-heart" …><use
 * href="/assets/icons-<hash>.svg#heart"/></svg>`, the same markup in the server-rendered page and in the browser.
 * The sprite holds the shapes of ./names.ts's icons, from lucide-static's SVG files, built by
 * vite-plugin-svg-spritemap (vite.config.ts), which puts the hashed file's address in place of SPRITE below when it
 * builds (and its dev route's when it serves); ADR 055 says why a sprite and not an icon package's components.
 *
 * Markup as lucide draws it: its default attributes, `lucide lucide-<name>` classes, aria-hidden unless the icon
 * is labelled. The shapes carry no presentation attributes of their own, so they take stroke, width and colour
 * from the <svg> through <use>.
 */
const SPRITE = '/__spritemap';

export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
}

/** What an icon prop takes (lucide-react's `LucideIcon`). */
export type IconComponent = (props: IconProps) => ReactElement;

const labelled = (props: object) =>
  Object.entries(props).some(([k, v]) => (k.startsWith('aria-') || k === 'role' || k === 'title') && v != null);

/** The component that draws `name` from the sprite (called once per icon, in its module). */
/* @__NO_SIDE_EFFECTS__ */
export function spriteIcon(name: IconName): IconComponent {
  const classes = `lucide lucide-${name}`;
  const href = `${SPRITE}#${name}`;
  return function Icon({ className, size = 24, strokeWidth = 2, color, children, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke={color || 'currentColor'}
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${classes} ${className}` : classes}
        {...(children || labelled(rest) ? {} : { 'aria-hidden': 'true' })}
        {...rest}
      >
        <use href={href} />
        {children}
      </svg>
    );
  };
}
