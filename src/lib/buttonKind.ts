/**
 * What a Button renders as (spec §2 "Button component"): 'internal' for a link starting with '/',
 * 'external' for any other non-empty link, otherwise 'button' (a plain button emitting a trigger).
 */
export function buttonKind(link: string | null | undefined): 'internal' | 'external' | 'button' {
  if (!link) return 'button';
  return link.startsWith('/') ? 'internal' : 'external';
}

/** A carousel heading link starting with http is external, otherwise an internal route (spec §5). */
export function isExternalHeadingLink(link: string): boolean {
  return link.startsWith('http');
}
