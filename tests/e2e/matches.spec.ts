import { expect, test, type Page } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { readJson } from './data';
import { quietFirstVisit } from './visits';

/** Every JSON-LD block of the page, parsed (fails the test on invalid JSON). */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

const subscribeLoggedOut = 'Create a MyStoke account to stream and listen to live matches';

// First-visit overlays (cookie notice, promo overlay) stay out of the way of these tests.
test.beforeEach(async ({ context, baseURL }) => {
  await quietFirstVisit(context, baseURL ?? 'http://127.0.0.1');
});

test.describe('fixtures and results', () => {
  test('season switcher goes through every season in the data', async ({ page }) => {
    await page.goto('/matches/first-team');
    const seasons = page.getByRole('navigation', { name: 'Seasons' });
    for (const label of ['2023/24', '2024/25', '2025/26', '2026/27']) await expect(seasons.getByRole('link', { name: label })).toBeVisible();
    await seasons.getByRole('link', { name: '2024/25' }).click();
    await expect(page).toHaveURL(/\/matches\/first-team\/2024-25\/?$/);
    await expect(seasons.getByRole('link', { name: '2024/25' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.fixtures__month-title').first()).toHaveText('August 2024');
    const opener = page.locator('[data-match-id="2024-08-10-coventry-city"]');
    await expect(opener).toContainText('Sat 10 Aug');
    await expect(opener.locator('.match-row__score')).toHaveText('1–0');
    await expect(opener.locator('.result-badge')).toContainText('W');
  });

  test('competition filter shows one competition and keeps the choice in the URL', async ({ page }) => {
    await page.goto('/matches/first-team/2024-25');
    const filter = page.getByRole('group', { name: 'Competition' });
    await filter.getByText('FA Cup').click();
    await expect(page.locator('.match-row:visible')).toHaveCount(2);
    for (const competition of await page.locator('.match-row:visible').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-competition'))))
      expect(competition).toBe('fa-cup');
    await expect(page.locator('[data-match-id="2024-08-10-coventry-city"]')).toBeHidden();
    await expect(page).toHaveURL(/competition=fa-cup/);
    await expect(page.getByRole('status').filter({ hasText: 'Showing 2 matches in FA Cup' })).toHaveCount(1);
    // Cup tie decided on penalties after extra time.
    await expect(page.locator('[data-match-id="2025-02-08-cardiff-city"]')).toContainText('after extra time, 2–4 on penalties');
    await page.reload();
    await expect(page.getByLabel('FA Cup')).toBeChecked();
    await filter.getByText('All', { exact: false }).first().click();
    await expect(page.locator('.match-row:visible')).toHaveCount(52);
  });

  test('competition filter works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/matches/first-team/2023-24');
    await page.getByRole('group', { name: 'Competition' }).getByText('EFL Cup').click();
    await expect(page.locator('.match-row:visible')).toHaveCount(3);
    await expect(page.locator('.fixtures__month:visible')).not.toHaveCount(0);
    await context.close();
  });

  test('pre-season (spec §4): between seasons the 2026/27 list says fixtures are coming soon, with no fixtures or calendar', async ({ page, request }) => {
    // The dataset is as of 24 May 2026 (data/club/dataset.json): 2025/26 is over, 2026/27 fixtures are not out yet.
    await page.goto('/matches/first-team/2026-27');
    await expect(page.getByRole('status').filter({ hasText: 'Fixtures for the 2026/27 season are coming soon.' })).toBeVisible();
    await expect(page.locator('.match-row')).toHaveCount(0);
    await expect(page.locator('.calendar-links')).toHaveCount(0);
    expect((await request.get('/match/first-team/2026-27/2026-08-15-swansea-city')).status()).toBe(404);
    const feed = await request.get('/matches/first-team/2026-27.ics');
    expect(Object.values(ical.sync.parseICS(await feed.text())).filter((c) => c?.type === 'VEVENT')).toHaveLength(0);
  });

  test('fixtures show kick-off, home/away, add-to-calendar, the next match highlighted and the calendar feed', async ({ page, request }) => {
    // The Women's 2025/26 season ends after the dataset's as-of instant: one fixture is still to come.
    await page.goto('/matches/women/2025-26');
    const next = page.locator('.match-row--next');
    await expect(next).toHaveCount(1);
    await expect(next).toContainText('Next match');
    await expect(next.locator('.match-row__ko')).toHaveText(/^\d{2}:\d{2}$/);
    const fixture = page.locator('[data-match-id="2026-05-30-nottingham-forest-women"]');
    await expect(fixture).toContainText('Sat 30 May');
    await expect(fixture).toContainText('14:00');
    await expect(fixture).toContainText('Away');
    const calendar = next.getByRole('link', { name: /to calendar/ });
    const href = await calendar.getAttribute('href');
    expect(href).toMatch(/^\/match\/women\/2025-26\/.+\.ics$/);
    const single = await request.get(href!);
    expect(single.headers()['content-type']).toContain('text/calendar');
    expect(Object.values(ical.sync.parseICS(await single.text())).filter((c) => c?.type === 'VEVENT')).toHaveLength(1);

    const subscribe = page.locator('.calendar-links').getByRole('link', { name: /Subscribe/ });
    expect(await subscribe.getAttribute('href')).toMatch(/^webcal:\/\/.+\/matches\/women\/2025-26\.ics$/);
    const womenFeed = await request.get('/matches/women/2025-26.ics');
    expect(womenFeed.status()).toBe(200);
    const womenEvents = Object.values(ical.sync.parseICS(await womenFeed.text())).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(womenEvents).toHaveLength(
      readJson<{ teamSlug: string; season: string }[]>('demo/matches.json').filter((m) => m.teamSlug === 'women' && m.season === '2025/26').length,
    );

    const feed = await request.get('/matches/first-team/2025-26.ics');
    const events = Object.values(ical.sync.parseICS(await feed.text())).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(events).toHaveLength(readJson<{ season: string }[]>('real/stoke-matches.json').filter((m) => m.season === '2025/26').length);
    // 18 October 2025 is BST, 1 November GMT: both 15:00 in London.
    expect(events.find((e) => e.uid.startsWith('first-team/2025-10-18-wrexham'))!.start.toISOString()).toBe('2025-10-18T14:00:00.000Z');
    expect(events.find((e) => e.uid.startsWith('first-team/2025-11-01-bristol-city'))!.start.toISOString()).toBe('2025-11-01T15:00:00.000Z');
  });

  test('subscribe promo: spec text on the first team, hidden on u21, u18 and women', async ({ page }) => {
    await page.goto('/matches/first-team');
    await expect(page.locator('[data-subscribe-promo]')).toContainText(subscribeLoggedOut);
    await expect(page.locator('[data-subscribe-promo]')).toHaveAttribute('data-logged-in-text', 'Watch and listen to the latest match');
    for (const team of ['u21', 'u18', 'women']) {
      await page.goto(`/matches/${team}`);
      await expect(page.locator('h1')).toHaveText('Fixtures & Results');
      await expect(page.locator('[data-subscribe-promo]')).toHaveCount(0);
    }
  });
});

test.describe('league table', () => {
  test('the matches page shows the computed table with the club highlighted (2023/24: 17th on 56)', async ({ page }) => {
    await page.goto('/matches/first-team/2023-24');
    const table = page.getByRole('table', { name: 'Championship 2023/24' });
    await expect(table.locator('tbody tr')).toHaveCount(24);
    const stoke = table.locator('tr[aria-current="true"]');
    await expect(stoke).toHaveCount(1);
    await expect(stoke.locator('th')).toHaveText('Stoke City');
    const cells = await stoke.locator('td:visible').allTextContents();
    expect(cells.slice(0, 9)).toEqual(['17', '46', '15', '11', '20', '49', '60', '−11', '56']);
    await expect(stoke.locator('.form-guide__item')).toHaveCount(5);
    await expect(table.locator('thead th[scope="col"]:visible')).toHaveCount(11);
  });

  test('2024/25: Stoke 18th on 51, Sheffield United on 90 after their deduction', async ({ page }) => {
    await page.goto('/matches/first-team/2024-25');
    const table = page.getByRole('table', { name: 'Championship 2024/25' });
    await expect(table.locator('tr[aria-current="true"] td').first()).toHaveText('18');
    await expect(table.locator('tr[aria-current="true"] .pts:visible')).toHaveText('51');
    await expect(table.locator('tr[data-club="Sheffield United"] .pts:visible')).toHaveText('90');
    await expect(page.locator('.league-table__deductions')).toContainText('Sheffield United: 2 points deducted');
  });

  test('2025/26 applies the Leicester and Sheffield Wednesday deductions', async ({ page }) => {
    await page.goto('/matches/first-team/2025-26');
    const table = page.getByRole('table', { name: 'Championship 2025/26' });
    await expect(table.locator('tr[data-club="Sheffield Wednesday"] td').first()).toHaveText(/^24\b/);
    await expect(table.locator('tr[data-club="Leicester City"] td').first()).toHaveText(/^23\b/);
    await expect(page.locator('.league-table__deductions')).toContainText('Sheffield Wednesday: 18 points deducted');
  });
});

test.describe('match centre', () => {
  test('a real cup tie with extra time and penalties, demo line-ups and events, head-to-head', async ({ page }) => {
    await page.goto('/match/first-team/2024-25/2025-02-08-cardiff-city');
    await expect(page.locator('h1')).toHaveText('Stoke City 3-3 Cardiff City');
    await expect(page.locator('.scoreboard__status')).toHaveText('Penalties');
    const facts = page.locator('.match-facts');
    await expect(facts).toContainText('Half time 1–2');
    await expect(facts).toContainText('After extra time (90 minutes: 3–3)');
    await expect(facts).toContainText('Penalties 2–4');
    await expect(facts).toContainText('Saturday 8 February 2025, kick-off 15:00');
    await expect(facts).toContainText('bet365 Stadium');
    await expect(page.locator('.eyebrow').first()).toContainText('FA Cup · Round 4');
    await expect(page.getByRole('list', { name: 'Stoke City starting eleven' }).locator('li')).toHaveCount(11);
    await expect(page.locator('.timeline__item--goal')).toHaveCount(6);
    await expect(page.locator('.timeline')).toContainText('Cardiff City win 4-2 on penalties.');
    const h2h = page.getByRole('region', { name: 'Head-to-head' });
    await expect(h2h).toContainText('Played');
    await expect(h2h.locator('a[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Other matches' }).getByRole('link')).toHaveCount(2);
  });

  test('JSON-LD SportsEvent is present and valid', async ({ page }) => {
    await page.goto('/match/first-team/2023-24/2023-08-05-rotherham-united');
    const event = (await jsonLd(page)).find((d) => d['@type'] === 'SportsEvent');
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: 'Stoke City v Rotherham United',
      startDate: '2023-08-05T14:00:00.000Z',
      homeTeam: { '@type': 'SportsTeam', name: 'Stoke City' },
      awayTeam: { '@type': 'SportsTeam', name: 'Rotherham United' },
      location: { '@type': 'Place', name: 'bet365 Stadium' },
    });
  });

  test('an upcoming fixture has a countdown from the site’s clock and an add-to-calendar link', async ({ page }) => {
    await page.goto('/matches/women/2025-26');
    await page.locator('.match-row--next .match-row__teams').click();
    await expect(page).toHaveURL(/\/match\/women\/2025-26\/2026-05-30-nottingham-forest-women\/?$/);
    await expect(page.locator('.scoreboard__status')).toHaveText('Upcoming');
    // The browser counts from the dataset's as-of instant (24 May 2026, 09:00 BST), not the machine's date.
    await expect(page.locator('[data-countdown] .countdown__clock')).toBeVisible();
    await expect(page.locator('[data-countdown] [data-unit="days"]')).toHaveText('06');
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', /\.ics$/);
  });
});

test.describe('teams and players', () => {
  test('squad by position with shirt numbers and schema.org SportsTeam', async ({ page }) => {
    await page.goto('/teams/first-team');
    for (const heading of ['Goalkeepers', 'Defenders', 'Midfielders', 'Forwards'])
      await expect(page.getByRole('heading', { name: new RegExp(heading) })).toBeVisible();
    await expect(page.locator('.player-card').first()).toContainText('1');
    const team = (await jsonLd(page)).find((d) => d['@type'] === 'SportsTeam');
    expect(team).toMatchObject({ '@type': 'SportsTeam', name: 'Stoke City First Team' });
    expect((team!.athlete as unknown[]).length).toBe(await page.locator('.player-card').count());
    await page.goto('/teams/u21');
    await expect(page.getByRole('heading', { name: /Squad/ })).toBeVisible();
    await expect(page.locator('.player-card--mini').first()).toBeVisible();
  });

  test('player profile: facts, age, statistics, neighbours and schema.org Person', async ({ page }) => {
    await page.goto('/players/first-team/callum-ashworth');
    await expect(page.locator('h1')).toContainText('Ashworth');
    const facts = page.locator('.facts');
    await expect(facts).toContainText('Goalkeeper');
    await expect(facts).toContainText('England');
    // Age as of the dataset's clock (24 May 2026), not the machine's date.
    await expect(facts).toContainText('28 Oct 1995 (age 30)');
    await expect(facts).toContainText('191 cm');
    const stats = page.getByRole('table', { name: /appearances and goals/ });
    await expect(stats.locator('tbody tr')).toHaveCount(3);
    await expect(stats.locator('tfoot')).toContainText('Total');
    await expect(page.getByRole('navigation', { name: 'Other players' }).getByRole('link', { name: /Next player/ })).toBeVisible();
    const person = (await jsonLd(page)).find((d) => d['@type'] === 'Person');
    expect(person).toMatchObject({
      '@type': 'Person',
      name: 'Callum Ashworth',
      birthDate: '1995-10-28',
      memberOf: { '@type': 'SportsTeam', name: 'Stoke City First Team' },
    });
  });
});

test.describe('home page', () => {
  test('between seasons: last result, the pre-season message in place of the next match, and a compact table', async ({ page }) => {
    await page.goto('/');
    const matches = page.locator('.home-matches');
    await expect(matches.getByRole('heading', { name: 'Last result' })).toBeVisible();
    await expect(matches.locator('.match-card').first()).toContainText('Bristol City');
    await expect(matches.locator('.match-card').first()).toContainText('Sat 2 May 2026');
    const next = matches.locator('[data-preseason]');
    await expect(next.getByRole('heading', { name: 'Next match' })).toBeVisible();
    await expect(next).toContainText('Fixtures for the 2026/27 season are coming soon.');
    await expect(next.getByRole('link', { name: '2026/27 fixtures' })).toHaveAttribute('href', '/matches/first-team/2026-27');
    await expect(matches.locator('[data-countdown]')).toHaveCount(0);
    await expect(matches.getByRole('table')).toHaveAccessibleName('Championship 2025/26');
    const table = matches.getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(7);
    await expect(table.locator('tr[aria-current="true"]')).toContainText('Stoke City');
    await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible();
  });
});
