import { expect, test, type Page } from '@playwright/test';
import { fileText, frontMatter, markdownFiles, readJson } from './data';

/** The header style a page was rendered with (spec §2 Header styles). */
async function headerStyle(page: Page): Promise<string | null> {
  return page.locator('header.site-header').getAttribute('data-header-style');
}

const news = markdownFiles('demo/news').map(frontMatter);
const article = news.find((a) => a.slug === 'report-stoke-city-4-1-rotherham-united-2023-08') ?? news[0]!;
const categories = readJson<{ slug: string; name: string }[]>('club/news-categories.json');
const players = readJson<{ slug: string; teamSlug: string; lastName: string }[]>('demo/players.json');
const videoCategories = readJson<{ slug: string; attributes: { title: string } }[]>('club/video-categories.json');
const pages: Record<string, string>[] = markdownFiles('demo/pages').map((file) => ({ ...frontMatter(file), file }));

test.describe('route families', () => {
  test('home', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await headerStyle(page)).toBe('transparent-dark');
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page).toHaveTitle(/Stoke City/);
  });

  test('news listing and category', async ({ page }) => {
    await page.goto('/news');
    expect(await headerStyle(page)).toBe('solid');
    await expect(page.locator('.news-card').first()).toBeVisible();
    const category = categories.find((c) => news.some((a) => (a.categories ?? '').includes(c.slug))) ?? categories[0]!;
    const response = await page.goto(`/category/${category.slug}`);
    expect(response?.status()).toBe(200);
    expect(await headerStyle(page)).toBe('solid');
    await expect(page.locator('h1')).toHaveText(category.name);
  });

  test('article: one canonical URL, date variants resolve to it', async ({ page }) => {
    await page.goto(`/news/${article.slug}`);
    expect(await headerStyle(page)).toBe('transparent-dark');
    await expect(page.locator('h1')).toHaveText(article.title!);
    const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
    expect(new URL(canonical!).pathname).toBe(`/news/${article.slug}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as { '@type': string };
    expect(jsonLd['@type']).toBe('NewsArticle');

    const [year, month, day] = [article.published_date!.slice(0, 4), article.published_date!.slice(5, 7), article.published_date!.slice(8, 10)];
    for (const variant of [`/news/${year}/${article.slug}`, `/news/${year}/${month}/${article.slug}`, `/news/${year}/${month}/${day}/${article.slug}`]) {
      await page.goto(variant);
      await expect(page).toHaveURL(new RegExp(`/news/${article.slug}/?$`));
    }
    await page.goto(`/news/${year}`);
    expect(await headerStyle(page)).toBe('solid');
    await expect(page.locator('h1')).toContainText(year);
  });

  test('app news has no site chrome and is not indexed', async ({ page }) => {
    const response = await page.goto(`/app/news/${article.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText(article.title!);
    await expect(page.locator('header.site-header')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);
    await page.goto(`/app/news/${article.published_date!.slice(0, 4)}/${article.slug}`);
    await expect(page).toHaveURL(new RegExp(`/app/news/${article.slug}/?$`));
  });

  test('fixtures pages show the real 2023/24 data', async ({ page }) => {
    await page.goto('/matches');
    expect(await headerStyle(page)).toBe('solid');
    await expect(page.locator('h1')).toHaveText('Fixtures & Results');

    await page.goto('/matches/first-team/2023-24');
    const row = page.locator('[data-match-id="2023-08-05-rotherham-united"]');
    await expect(row).toContainText('Sat 5 Aug');
    await expect(row.locator('.match-row__team--home')).toContainText('Stoke City');
    await expect(row.locator('.match-row__team--away')).toContainText('Rotherham United');
    await expect(row.locator('.match-row__score')).toHaveText('4–1');
    await expect(row).toContainText('HT 3–0');

    for (const team of ['u21', 'u18', 'women']) {
      const response = await page.goto(`/matches/${team}`);
      expect(response?.status()).toBe(200);
    }
  });

  test('match centre', async ({ page }) => {
    const response = await page.goto('/match/first-team/2023-24/2023-08-05-rotherham-united');
    expect(response?.status()).toBe(200);
    expect(await headerStyle(page)).toBe('transparent-dark');
    await expect(page.locator('h1')).toHaveText('Stoke City 4-1 Rotherham United');
    await expect(page.locator('.match-facts')).toContainText('Half time 3–0');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as {
      '@type': string;
      startDate: string;
    };
    expect(jsonLd['@type']).toBe('SportsEvent');
    expect(jsonLd.startDate).toBe('2023-08-05T14:00:00.000Z');
  });

  test('teams and players', async ({ page }) => {
    await page.goto('/teams');
    await expect(page.locator('.team-tile')).toHaveCount(4);
    await page.goto('/teams/first-team');
    expect(await headerStyle(page)).toBe('solid');
    await expect(page.locator('.player-card').first()).toBeVisible();

    const player = players.find((p) => p.teamSlug === 'u21') ?? players[0]!;
    const segment = player.teamSlug || 'first-team';
    await page.goto(`/players/${segment}/${player.slug}`);
    expect(await headerStyle(page)).toBe('transparent-dark');
    await expect(page.locator('h1')).toContainText(player.lastName);
    await page.goto(`/players/${player.slug}`);
    await expect(page.locator('h1')).toContainText(player.lastName);
    expect(new URL((await page.locator('link[rel=canonical]').getAttribute('href'))!).pathname).toBe(`/players/${segment}/${player.slug}`);
  });

  test('videos, video category and the streamer page', async ({ page }) => {
    await page.goto('/videos');
    expect(await headerStyle(page)).toBe('transparent-dark');
    const category = videoCategories[0]!;
    await page.goto(`/videos/${category.slug}`);
    expect(await headerStyle(page)).toBe('transparent-dark');
    await expect(page.locator('h1')).toHaveText(category.attributes.title);
    await page.goto('/videos/subscriptions');
    for (const label of ['Next game', 'Packages', 'Fixtures', 'Replays', 'FAQs']) {
      await expect(page.locator('.streamer-header nav').getByRole('link', { name: label, exact: true })).toBeVisible();
    }
  });

  test('login', async ({ page }) => {
    await page.goto('/account/login');
    expect(await headerStyle(page)).toBe('solid');
    await expect(page.locator('main').getByLabel('Password')).toBeVisible();
  });

  test('content pages with their templates, up to four levels deep', async ({ page }) => {
    const internal = pages.filter((p) => p.postType === 'internal');
    const deepest = internal.reduce((a, b) => (Number(b.nestedLevel) > Number(a.nestedLevel) ? b : a));
    expect(Number(deepest.nestedLevel)).toBe(4);
    for (const template of ['Default', 'Landing', 'Hub']) {
      const sample = internal.find((p) => p.pageTemplate === template)!;
      const response = await page.goto(`/${sample.fullPath}`);
      expect(response?.status(), sample.fullPath).toBe(200);
      await expect(page.locator('[data-template]')).toHaveAttribute('data-template', template);
      await expect(page.locator('h1')).toHaveText(sample.postTitle!);
    }
    await page.goto(`/${deepest.fullPath}`);
    await expect(page.locator('h1')).toHaveText(deepest.postTitle!);
    const withImage = internal.find((p) => /heroImage:\s*\n\s+key/.test(fileText(p.file!)));
    if (withImage) {
      await page.goto(`/${withImage.fullPath}`);
      expect(await headerStyle(page)).toBe('transparent-dark');
    }
  });

  test('legacy links redirect (netlify.toml rules)', async ({ page }) => {
    await page.goto('/privacypolicy');
    await expect(page).toHaveURL(/\/privacy-policy\/?$/);
    await page.goto('/info/contact-us');
    await expect(page).toHaveURL(/\/contact\/?$/);
  });

  test('404 page', async ({ page }) => {
    const response = await page.goto('/this/route/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await expect(page.getByText("Sorry, it looks like the page you are looking for isn't available right now.")).toBeVisible();
    const quick = page.getByRole('navigation', { name: 'Quick Links', exact: true });
    for (const label of ['Homepage', 'News', 'Matches', 'Teams', 'Stoke City+', 'Buy Kit', 'Buy Tickets']) {
      await expect(quick.getByRole('link', { name: new RegExp(`^${label.replace('+', '\\+')}`) })).toBeVisible();
    }
    expect(await headerStyle(page)).toBe('solid');
  });
});

test.describe('footer', () => {
  test('social links in spec order, only those set, opening in a new tab', async ({ page }) => {
    await page.goto('/');
    const settings = readJson<{ socialLinks: Record<string, string | undefined> }>('club/site-settings.json');
    const order = ['facebook', 'x', 'threads', 'instagram', 'youtube', 'snapchat', 'tiktok', 'linkedin', 'weibo'];
    const expected = order.filter((n) => settings.socialLinks[n]);
    const links = page.locator('footer .social-links a');
    expect(await links.evaluateAll((els) => els.map((e) => e.getAttribute('data-network')))).toEqual(expected);
    for (const target of await links.evaluateAll((els) => els.map((e) => e.getAttribute('target')))) expect(target).toBe('_blank');
    await expect(page.locator('footer')).toContainText('openfootball (CC0)');
    await expect(page.locator('footer')).toContainText('Built on');
    for (const href of ['/privacy-policy', '/terms-of-use', '/accessibility', '/company-details', '/contact']) {
      await expect(page.locator(`footer nav a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(page.locator('footer .sponsor-row')).toHaveCount(3);
  });

  test('main menu opens from the header and closes with Escape', async ({ page }) => {
    await page.goto('/news');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const menu = page.locator('#main-menu');
    await expect(menu).toBeVisible();
    for (const label of ['News', 'Matches', 'Teams', 'Stoke City+', 'Buy Kit', 'Buy Tickets']) {
      await expect(menu.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: new RegExp(`^${label.replace('+', '\\+')}`) })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});
