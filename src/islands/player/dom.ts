/**
 * Small DOM helpers for the video overlay, which renders without React so that opening a video
 * fetches no UI runtime (docs/performance.md "Playback"): `h(tag, attributes, children, onClick)` makes
 * an element (attributes set as attributes; `false`/`undefined` leave one out),
 * `svgIcon(name, size)` the islands' decorative stroke icons (../iconPaths, as ../SvgIcon draws them).
 */
import { ICON_PATHS } from '../iconPaths';

type Attributes = Record<string, string | number | boolean | undefined>;
type Child = Node | string | null | false | undefined;

/** An element with attributes, an optional click handler and children (null, false and undefined skipped). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  children: Child[] = [],
  onClick?: () => void,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child) el.append(child);
  if (onClick) el.addEventListener('click', onClick);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';

/** A decorative stroke icon (aria-hidden), as ../SvgIcon renders it. */
export function svgIcon(name: string, size = 24): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const attributes: Record<string, string> = {
    width: String(size),
    height: String(size),
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', ICON_PATHS[name] ?? '');
  svg.append(path);
  return svg;
}

/** The video icon of an unlocked sidebar item (decorative, filled). */
export function playIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({ width: '14', height: '14', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }))
    svg.setAttribute(name, value);
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', 'M8 5v14l11-7z');
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}
