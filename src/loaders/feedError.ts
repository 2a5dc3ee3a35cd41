/**
 * Content feed errors: a failed or invalid feed must fail the build with a message that
 * names the feed and the item (ARCHITECTURE §2), never publish an emptied page.
 */
export class ContentFeedError extends Error {
  constructor(
    readonly feed: string,
    readonly collection: string,
    readonly item: string | null,
    detail: string,
  ) {
    super(`Content feed "${feed}", collection "${collection}"${item ? `, item "${item}"` : ''}: ${detail}`);
    this.name = 'ContentFeedError';
  }
}

/** The message of any thrown value, for wrapping. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
