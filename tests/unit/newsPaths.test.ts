import { describe, expect, it } from 'vitest';
import { newsPaths } from '../../src/queries/newsPaths';
import type { NewsEntry } from '../../src/queries/news';

const article = (slug: string, published_date: string) => ({ id: slug, collection: 'news', data: { slug, published_date } }) as unknown as NewsEntry;

describe('newsPaths (spec §2 news route family)', () => {
  const paths = newsPaths([article('stoke-4-1-rotherham', '2023-08-05T17:30:00+01:00'), article('late-night', '2024-03-31T23:30:00Z')]);
  it('has one canonical article path per article', () => {
    expect(paths.filter((p) => p.kind === 'article').map((p) => p.path)).toEqual(['stoke-4-1-rotherham', 'late-night']);
  });
  it('builds no page for the dated variants with a slug (netlify.toml redirects them)', () => {
    expect(paths.map((p) => p.path).filter((p) => p.includes('/stoke-4-1-rotherham'))).toEqual([]);
  });
  it('dates by the London calendar (23:30Z on 31 Mar 2024 is 1 Apr in BST)', () => {
    expect(paths.map((p) => p.path)).toContain('2024/04/01');
    expect(paths.map((p) => p.path)).not.toContain('2024/03/31');
  });
  it('lists each year, month and day once', () => {
    const archives = paths.filter((p) => p.kind === 'archive');
    expect(archives.map((p) => p.path).sort()).toEqual(['2023', '2023/08', '2023/08/05', '2024', '2024/04', '2024/04/01']);
    expect(archives.find((p) => p.path === '2023/08')).toMatchObject({ label: 'August 2023' });
    expect(archives.find((p) => p.path === '2024/04/01')).toMatchObject({ label: '1 April 2024' });
    expect(archives.find((p) => p.path === '2024')).toMatchObject({ label: '2024' });
  });
});
