/**
 * Club names as supporters read them. The openfootball league files say 'Stoke City FC',
 * the cup files 'Stoke City': both display as 'Stoke City'.
 */

/** 'Stoke City FC' → 'Stoke City', 'Sunderland AFC' → 'Sunderland'; other names unchanged. */
export function displayClubName(name: string): string {
  return name.replace(/\s+A?FC$/u, '').trim();
}

/**
 * A URL slug of free text: lower-case ASCII words joined by single hyphens
 * ('Brighton & Hove Albion' → 'brighton-hove-albion', 'Queens Park Rangers FC' → 'queens-park-rangers-fc').
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The canonical match id of spec route /match/:team/:season/:matchID: `${date}-${opponent slug}`. */
export function matchIdFor(date: string, opponent: string): string {
  return `${date}-${slugify(displayClubName(opponent))}`;
}

/** Two to four capital letters for a club's pill badge: 'Rotherham United' → 'RU', 'Stoke City' → 'SC'. */
export function clubInitials(name: string): string {
  const words = displayClubName(name)
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w) && !['and', 'of', 'the', '&'].includes(w.toLowerCase()));
  return (
    words
      .slice(0, 3)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}
