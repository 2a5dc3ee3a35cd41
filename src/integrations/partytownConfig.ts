/** Where Partytown's library files are served from (copied there by src/integrations/partytownLib.ts). */
export const PARTYTOWN_LIB = '/~partytown/';
