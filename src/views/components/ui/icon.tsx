import type { ReactNode } from 'react';
import { iconPaths, type IconName, type IconShape } from './icon-paths';

export type { IconName } from './icon-paths';
export { iconNames } from './icon-paths';

interface IconProps {
  name: IconName;
  /** Pixels; the set is drawn on a 24 px grid. */
  size?: number;
  /** Announced text; without it the icon is decoration and hidden from assistive technology. */
  label?: string;
  className?: string;
}

export function Icon({ name, size = 24, label, className }: IconProps) {
  const shapes: readonly IconShape[] = iconPaths[name];
  return (
    <IconFrame size={size} label={label} className={className} name={name}>
      {shapes.map((shape) => (
        <path key={shape.d} d={shape.d} fill={shape.fill ? 'currentColor' : undefined} />
      ))}
    </IconFrame>
  );
}

/** The set's frame: a 24 px grid drawn with the current colour's strokes, around the paths of one glyph. */
export function IconFrame({ size = 24, label, className, name, children }: Omit<IconProps, 'name'> & { name?: string; children: ReactNode }) {
  return (
    <svg
      className={['ui-icon', className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      data-icon={name}
    >
      {children}
    </svg>
  );
}
