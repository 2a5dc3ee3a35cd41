/**
 * The HTML of page-independent parts, remembered for the rest of a production build
 * (src/components/RenderOnce.astro). In `astro dev` (import.meta.env.DEV) content can change
 * between requests, so every call renders.
 */
const remembered = new Map<string, Promise<string>>();

/**
 * The HTML of part `name`: `render()`'s result the first time in a build, the same string after.
 * A failed render is not remembered (the next page renders again, and fails the same way).
 * @param name Unique per part (two parts never share a name).
 * @param render Renders the part to an HTML string.
 */
export function rememberedHtml(name: string, render: () => Promise<string>): Promise<string> {
  if (import.meta.env.DEV) return render();
  let html = remembered.get(name);
  if (!html) {
    html = render().catch((error: unknown) => {
      remembered.delete(name);
      throw error;
    });
    remembered.set(name, html);
  }
  return html;
}
