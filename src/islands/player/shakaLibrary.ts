/**
 * shaka-player (a CommonJS bundle) as an ES module: the player triggers fetch it through this
 * module on intent, so the bundler's CommonJS interop lands in this chunk, not in the code every
 * page runs before interaction (src/integrations/chromeChunk.ts).
 */
export { default } from 'shaka-player';
