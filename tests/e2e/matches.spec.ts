import { expect, test, type Page } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { ageOn } from '../../src/lib/age';
import { formatDate, formatMatchDate, seasonLabel, seasonStartYear } from '../../src/lib/dates';
import { fixtureState } from '../../src/lib/fixtureList';
import { datasetAsOf, lastResultOf, nextMatchOf, readJson, teamMatches } from './data';
import { quietFirstVisit } from './visits';
import { signIn } from '../../scripts/quality/payerStates.mjs';
import { templateUrls } from '../../scripts/quality/templates.mjs';

/** Every JSON-LD block of the page, parsed (fails the test on invalid JSON). */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

const subscribeLoggedOut = 'Create a MyStoke account to stream and listen to live matches';
const subscribeLoggedIn = 'Watch and listen to the latest match';

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

  test('the season in progress: its results so far, the next fixture with its kick-off, later fixtures with time TBC', async ({ page, request }) => {
    const next = nextMatchOf('');
    const season = teamMatches('').filter((m) => m.season === next.season);
    const played = season.filter((m) => fixtureState(m, datasetAsOf()) === 'result');
    // The matches page opens on the season in progress (the platform's current season).
    await page.goto('/matches/first-team');
    await expect(page.getByRole('navigation', { name: 'Seasons' }).getByRole('link', { name: seasonLabel(seasonStartYear(next.season)) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.locator('.match-row')).toHaveCount(season.length);
    await expect(page.locator('.match-row--result')).toHaveCount(played.length);
    const nextRow = page.locator('.match-row--next');
    await expect(nextRow).toHaveAttribute('data-match-id', next.matchID);
    await expect(nextRow.locator('.match-row__ko')).toHaveText(next.kickOffLocal!);
    const tbc = season.filter((m) => m.kickOffLocal === null);
    expect(tbc.length).toBeGreaterThan(0);
    for (const m of tbc.slice(0, 3)) {
      const row = page.locator(`[data-match-id="${m.matchID}"]`);
      await expect(row.locator('.match-row__date')).toHaveText(formatMatchDate(m.kickOff));
      await expect(row.locator('.match-row__date')).toHaveAttribute('datetime', m.date);
      await expect(row.locator('.match-row__ko')).toHaveText(/^TBC\s*Kick-off time to be confirmed$/);
      await expect(row.locator('.match-row__ko')).not.toContainText(/\d{2}:\d{2}/);
    }
    const feed = await request.get(`/matches/first-team/${next.season}.ics`);
    const events = Object.values(ical.sync.parseICS(await feed.text())).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(events).toHaveLength(season.length);
    const dateOnly = events.find((e) => e.uid.startsWith(`first-team/${tbc[0]!.matchID}@`))!;
    expect(dateOnly.datetype).toBe('date');
  });

  test('fixtures show kick-off, home/away, add-to-calendar, the next match highlighted and the calendar feed', async ({ page, request }) => {
    const women = nextMatchOf('women');
    await page.goto(`/matches/women/${women.season}`);
    const next = page.locator('.match-row--next');
    await expect(next).toHaveCount(1);
    await expect(next).toContainText('Next match');
    await expect(next.locator('.match-row__ko')).toHaveText(/^\d{2}:\d{2}$/);
    const fixture = page.locator(`[data-match-id="${women.matchID}"]`);
    await expect(fixture).toContainText(formatMatchDate(women.kickOff));
    await expect(fixture).toContainText(women.kickOffLocal!);
    await expect(fixture).toContainText(women.isHome ? 'Home' : 'Away');
    const calendar = next.getByRole('link', { name: /to calendar/ });
    const href = await calendar.getAttribute('href');
    expect(href).toMatch(new RegExp(`^/match/women/${women.season}/.+\\.ics$`));
    const single = await request.get(href!);
    expect(single.headers()['content-type']).toContain('text/calendar');
    expect(Object.values(ical.sync.parseICS(await single.text())).filter((c) => c?.type === 'VEVENT')).toHaveLength(1);

    const subscribe = page.locator('.calendar-links').getByRole('link', { name: /Subscribe/ });
    expect(await subscribe.getAttribute('href')).toMatch(new RegExp(`^webcal://.+/matches/women/${women.season}\\.ics$`));
    const womenFeed = await request.get(`/matches/women/${women.season}.ics`);
    expect(womenFeed.status()).toBe(200);
    const womenEvents = Object.values(ical.sync.parseICS(await womenFeed.text())).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(womenEvents).toHaveLength(teamMatches('women').filter((m) => m.season === women.season).length);

    const feed = await request.get('/matches/first-team/2025-26.ics');
    const events = Object.values(ical.sync.parseICS(await feed.text())).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(events).toHaveLength(readJson<{ season: string }[]>('real/stoke-matches.json').filter((m) => m.season === '2025/26').length);
    // 18 October 2025 is BST, 1 November GMT: both 15:00 in London.
    expect(events.find((e) => e.uid.startsWith('first-team/2025-10-18-wrexham'))!.start.toISOString()).toBe('2025-10-18T14:00:00.000Z');
    expect(events.find((e) => e.uid.startsWith('first-team/2025-11-01-bristol-city'))!.start.toISOString()).toBe('2025-11-01T15:00:00.000Z');
  });

  test('subscribe promo: spec text on the first team, hidden on u21, u18 and women', async ({ page }) => {
    await page.goto('/matches/first-team');
    const promo = page.locator('[data-subscribe-promo]');
    await expect(promo.getByText(subscribeLoggedOut)).toBeVisible();
    await expect(promo.getByRole('link', { name: 'Sign in or register' })).toBeVisible();
    await expect(promo.getByText(subscribeLoggedIn)).toBeHidden();
    await expect(promo.getByRole('link', { name: 'Watch now' })).toBeHidden();
    for (const team of ['u21', 'u18', 'women']) {
      await page.goto(`/matches/${team}`);
      await expect(page.locator('h1')).toHaveText('Fixtures & Results');
      await expect(page.locator('[data-subscribe-promo]')).toHaveCount(0);
    }
  });

  test('subscribe promo: a signed-in supporter gets the signed-in text and a link to the videos', async ({ page }) => {
    await signIn(page, 'subscriber');
    for (const path of ['/matches/first-team', templateUrls().find((t) => t.name === 'match-centre')!.path]) {
      await page.goto(path);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
      const promo = page.locator('[data-subscribe-promo]');
      await expect(promo.getByText(subscribeLoggedIn), path).toBeVisible();
      await expect(promo.getByRole('link', { name: 'Watch now' })).toHaveAttribute('href', '/videos');
      await expect(promo.getByText(subscribeLoggedOut), path).toBeHidden();
      await expect(promo.getByRole('link', { name: 'Sign in or register' }), path).toBeHidden();
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
    const next = nextMatchOf('');
    await page.goto('/matches/first-team');
    await page.locator('.match-row--next .match-row__teams').click();
    await expect(page).toHaveURL(new RegExp(`/match/first-team/${next.season}/${next.matchID}/?$`));
    await expect(page.locator('.scoreboard__status')).toHaveText('Upcoming');
    await expect(page.locator('.scoreboard__ko')).toHaveText(next.kickOffLocal!);
    // The browser counts from the dataset's as-of instant, not the machine's date.
    const days = Math.floor((Date.parse(next.kickOff) - Date.parse(datasetAsOf())) / 86_400_000);
    await expect(page.locator('[data-countdown] .countdown__clock')).toBeVisible();
    await expect(page.locator('[data-countdown] [data-unit="days"]')).toHaveText(String(days).padStart(2, '0'));
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', /\.ics$/);
  });

  test('a fixture whose kick-off time is not known yet: its date, time TBC, no countdown, no made-up time', async ({ page, request }) => {
    const m = teamMatches('').find((x) => x.kickOffLocal === null && fixtureState(x, datasetAsOf()) === 'fixture')!;
    await page.goto(`/match/first-team/${m.season}/${m.matchID}`);
    await expect(page.locator('.scoreboard__status')).toHaveText('Upcoming');
    await expect(page.locator('.scoreboard__ko')).toHaveText('TBC');
    await expect(page.locator('.match-facts')).toContainText(`${formatDate(m.kickOff, 'dddd D MMMM YYYY')}, kick-off time to be confirmed`);
    await expect(page.locator('.countdown__when')).toHaveText(`Kick-off ${formatDate(m.kickOff, 'ddd D MMM')}, time to be confirmed`);
    await expect(page.locator('[data-countdown]')).toHaveCount(0);
    await expect(page.locator('.countdown__clock')).toBeHidden();
    await expect(page.locator('.match-hero')).not.toContainText(/\b\d{2}:\d{2}\b/);
    const event = (await jsonLd(page)).find((d) => d['@type'] === 'SportsEvent');
    expect(event?.startDate).toBe(m.date);
    const ics = await request.get(`/match/first-team/${m.season}/${m.matchID}.ics`);
    expect(await ics.text()).toContain(`DTSTART;VALUE=DATE:${m.date.replaceAll('-', '')}`);
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
    // Age as of the dataset's clock, not the machine's date.
    await expect(facts).toContainText(`28 Oct 1995 (age ${ageOn('1995-10-28', datasetAsOf().slice(0, 10))})`);
    await expect(facts).toContainText('191 cm');
    const stats = page.getByRole('table', { name: /appearances and goals/ });
    const ashworth = readJson<{ slug: string; teamSlug: string; stats: unknown[] }[]>('demo/players.json').find(
      (p) => p.slug === 'callum-ashworth' && p.teamSlug === '',
    )!;
    await expect(stats.locator('tbody tr')).toHaveCount(ashworth.stats.length);
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
  test('a season under way: last result, the next match with its kick-off and countdown, and the season’s compact table', async ({ page }) => {
    const last = lastResultOf('');
    const next = nextMatchOf('');
    await page.goto('/');
    const matches = page.locator('.home-matches');
    await expect(matches.getByRole('heading', { name: 'Last result' })).toBeVisible();
    await expect(matches.locator('.match-card').first()).toContainText(last.isHome ? last.away : last.home);
    await expect(matches.locator('.match-card').first()).toContainText(formatDate(last.kickOff, 'ddd D MMM YYYY'));
    await expect(matches.locator('[data-preseason]')).toHaveCount(0);
    const card = matches.locator('.match-card').nth(1);
    await expect(card.getByRole('heading', { name: 'Next match' })).toBeVisible();
    await expect(card.locator('.match-card__score')).toHaveText(next.kickOffLocal!);
    await expect(card.locator('.countdown__when')).toHaveText(`Kick-off ${formatDate(next.kickOff, 'ddd D MMM')}, ${next.kickOffLocal!}`);
    await expect(card.locator('[data-countdown]')).toHaveAttribute('data-countdown', next.kickOff);
    await expect(matches.getByRole('table')).toHaveAccessibleName(`Championship ${seasonLabel(seasonStartYear(next.season))}`);
    const table = matches.getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(7);
    await expect(table.locator('tr[aria-current="true"]')).toContainText('Stoke City');
    await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible();
  });
});
