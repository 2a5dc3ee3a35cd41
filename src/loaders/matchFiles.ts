/** The files of the embedded dataset that hold match records (real first, then demo), for the loader and the matchday simulator. */
export const MATCH_FILES = ['real/stoke-matches.json', 'real/stoke-fixtures-2026-27.json', 'demo/matches.json'] as const;
