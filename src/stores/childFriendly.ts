/**
 * Child-friendly mode (spec §1, §6): on by default, remembered in local storage; hides sponsors
 * and adverts not flagged child friendly. advertisingDisabled (default false) hides all adverts.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';

export const childFriendly = persistentAtom<boolean>('terrace:childFriendly', true, {
  encode: (value) => (value ? 'true' : 'false'),
  decode: (value) => value !== 'false',
});

export const advertisingDisabled = atom(false);

export function setChildFriendly(on: boolean): void {
  childFriendly.set(on);
}
