/**
 * The HTML of page-independent parts, remembered for the rest of a production build
 * (src/components/RenderOnce.astro) by the build's memo (src/queries/buildMemo.ts): rendered
 * every time in `astro dev`, and a failed render is not remembered.
 */
import { rememberForBuild } from './buildMemo';

const remembered = new Map<string, Promise<string>>();

/**
 * The HTML of part `name`: `render()`'s result the first time in a build, the same string after.
 * @param name Unique per part (two parts never share a name).
 * @param render Renders the part to an HTML string (this page's slot: a later page that finds
 *   the HTML remembered does not call its own).
 */
export function rememberedHtml(name: string, render: () => Promise<string>): Promise<string> {
  return rememberForBuild(remembered, name, render);
}
