/** Small stroke icons for islands (decorative: aria-hidden). Props: name, size in px. */
import { ICON_PATHS } from './iconPaths';

export function SvgIcon({ name, size = 24 }: { name: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name] ?? ''} />
    </svg>
  );
}
