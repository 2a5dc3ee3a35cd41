import { getEntry } from 'astro:content';
import type { MenuItem } from '../schemas/pageSchemas';

type MenuName = 'primary' | 'secondary' | 'sticky' | 'main' | 'featured' | 'footer' | 'quickLinks' | 'streamerPolicies';

/** The items of a named navigation menu; a missing menu fails the build naming it. */
export async function getMenu(name: MenuName): Promise<MenuItem[]> {
  const entry = await getEntry('menus', name);
  if (!entry) throw new Error(`Content feed has no navigation menu "${name}" (collection menus)`);
  return entry.data.items;
}
