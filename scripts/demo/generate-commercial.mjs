/**
 * Demo sponsors, advert slots, footer adverts and promo overlays (data/demo/*.json); every brand
 * invented, every partner URL on the reserved .example domain. Time windows sit around the
 * dataset's as-of instant (data/club/dataset.json) so that some are running, some over and some
 * scheduled then.
 *   node scripts/demo/generate-commercial.mjs
 */
import { writeJson, slugify } from './lib.mjs';

const brand = (title) => `https://www.${slugify(title)}.example/`;

const ROWS = [
  {
    rowID: 'row-principal',
    title: 'Principal Partners',
    showInHeader: true,
    sponsors: [
      ['Vantora Energy', 1],
      ['Trentlock Building Society', 1],
    ],
  },
  {
    rowID: 'row-platinum',
    title: 'Platinum Partners',
    showInHeader: false,
    sponsors: [
      ['Meridale Motors', 1],
      ['Kilnhouse Brewing Co.', 0],
      ['ClearOdds', 0],
      ['Northwind Logistics', 1],
      ['Caldon Cloud', 1],
      ['Burslem Print Works', 1],
    ],
  },
  {
    rowID: 'row-foundation',
    title: 'Foundation Partners',
    showInHeader: false,
    sponsors: [
      ['Hollins Family Trust', 1],
      ['Staffs Fresh Foods', 1],
      ['Lyme Valley Homes', 1],
      ['Brightpath Learning', 1],
    ],
  },
];

let media = 4100;
const sponsorRows = ROWS.map((row, i) => ({
  adminName: `Footer – ${row.title}`,
  forcedOrder: i + 1,
  rowID: row.rowID,
  sponsorSize: 'small',
  title: row.title,
  titleSize: 'small',
  sponsors: row.sponsors.map(([title, cf], j) => ({
    campaignID: `cmp-2026-27-${row.rowID.replace('row-', '')}`,
    sponsorID: `sp-${slugify(title)}`,
    imageKey: `sponsors/${slugify(title)}.svg`,
    published: true,
    title,
    url: brand(title),
    adminName: `${row.title.replace(' Partners', '')} – ${title}`,
    mediaLibraryID: `ml-${media++}`,
    forcedOrder: j + 1,
    isChildFriendly: cf,
  })),
  showInHeader: row.showInHeader,
  demo: true,
}));

const advertSlots = [
  {
    slotID: 'home-mpu',
    size: 'mpu',
    advertTitle: 'Meridale Motors – drive away this season',
    advertData: {
      url: 'https://www.meridale-motors.example/offers',
      images: {
        mobile: { key: 'adverts/meridale-motors-mpu.svg', imageSize: '750x750' },
        desktop: { key: 'adverts/meridale-motors-mpu.svg', imageSize: '750x750' },
      },
    },
    childFriendly: true,
    demo: true,
  },
  {
    slotID: 'news-banner',
    size: 'banner',
    advertTitle: 'ClearOdds – matchday odds (18+, please gamble responsibly)',
    advertData: {
      url: 'https://www.clearodds.example/football',
      images: {
        mobile: { key: 'adverts/clearodds-mobile.svg', imageSize: '750x750' },
        desktop: { key: 'adverts/clearodds-banner.svg', imageSize: '728x90' },
      },
    },
    childFriendly: false,
    demo: true,
  },
  {
    // No mobile image: spec §5 says an advert needs a url and a mobile image key, so this
    // slot must never show.
    slotID: 'matches-large-banner',
    size: 'largeBanner',
    advertTitle: 'Stoke City+ – every game, live and on demand',
    advertData: {
      url: '/videos',
      images: {
        mobile: null,
        desktop: { key: 'adverts/stoke-city-plus-large-banner.svg', imageSize: '1000x250' },
      },
    },
    childFriendly: true,
    demo: true,
  },
];

const footerAdverts = [
  {
    id: 'fa-home-kit',
    slot: 'footerSlot1',
    advertName: 'Club Shop – 2026/27 home kit',
    advertRef: 'ADV-2026-001',
    campaignRef: 'CMP-RETAIL-2026',
    enabled: true,
    channel: '',
    childFriendly: true,
    // The 2026/27 home kit went on sale on 21 May 2026, before the dataset's as-of date.
    timings: { startUTC: '2026-05-21T08:00:00Z', endUTC: '2027-06-30T23:59:59Z' },
    url: 'https://shop.stokecity.example/kits',
    images: { square: { imageKey: 'footer-adverts/home-kit.svg' } },
    demo: true,
  },
  {
    // Outside its UTC window (ended in 2024): never eligible.
    id: 'fa-summer-camps-2024',
    slot: 'footerSlot1',
    advertName: 'Foundation – summer camps 2024',
    advertRef: 'ADV-2024-014',
    campaignRef: 'CMP-FOUNDATION-2024',
    enabled: true,
    channel: 'web',
    childFriendly: true,
    timings: { startUTC: '2024-06-01T00:00:00Z', endUTC: '2024-08-31T23:59:59Z' },
    url: '/foundation',
    images: { square: { imageKey: 'footer-adverts/summer-camps-2024.svg' } },
    demo: true,
  },
  {
    id: 'fa-audio-pass',
    slot: 'footerSlot2',
    advertName: 'Stoke City+ – Audio Pass',
    advertRef: 'ADV-2026-007',
    campaignRef: 'CMP-STREAMING-2026',
    enabled: true,
    channel: 'web',
    childFriendly: true,
    timings: { startUTC: '2026-05-01T00:00:00Z', endUTC: '2027-05-31T23:59:59Z' },
    url: '/videos',
    images: {
      square: { imageKey: 'footer-adverts/audio-pass.svg' },
      banner: { imageKey: 'footer-adverts/audio-pass-banner.svg' },
    },
    demo: true,
  },
  {
    // Disabled: never eligible.
    id: 'fa-christmas-parties',
    slot: 'footerSlot2',
    advertName: 'Conference & Events – Christmas parties',
    advertRef: 'ADV-2026-019',
    campaignRef: 'CMP-EVENTS-2026',
    enabled: false,
    channel: 'web',
    childFriendly: true,
    timings: { startUTC: '2026-09-01T00:00:00Z', endUTC: '2026-12-24T23:59:59Z' },
    url: '/conference-events/christmas-parties',
    images: { square: { imageKey: 'footer-adverts/christmas-parties.svg' } },
    demo: true,
  },
  {
    // Not child friendly: hidden while child-friendly mode is on.
    id: 'fa-kilnhouse-brewing',
    slot: 'footerSlot3',
    advertName: 'Kilnhouse Brewing Co. – matchday pint (18+)',
    advertRef: 'ADV-2026-011',
    campaignRef: 'CMP-KILNHOUSE-2026',
    enabled: true,
    channel: 'web',
    childFriendly: false,
    timings: { startUTC: '2026-05-01T00:00:00Z', endUTC: '2027-05-31T23:59:59Z' },
    url: 'https://www.kilnhouse-brewing-co.example/',
    images: { square: { imageKey: 'footer-adverts/kilnhouse-brewing.svg' } },
    demo: true,
  },
  {
    // App channel: never shown on the web.
    id: 'fa-app-match-alerts',
    slot: 'footerSlot3',
    advertName: 'Club app – match alerts',
    advertRef: 'ADV-2026-003',
    campaignRef: 'CMP-APP-2026',
    enabled: true,
    channel: 'app',
    childFriendly: true,
    timings: { startUTC: '2026-05-01T00:00:00Z', endUTC: '2027-06-30T23:59:59Z' },
    url: 'https://www.stokecity.example/app',
    images: { square: { imageKey: 'footer-adverts/app-match-alerts.svg' } },
    demo: true,
  },
];

const promoOverlays = [
  {
    promoID: 'promo-season-pass-offer',
    type: 'Default',
    url: '/videos',
    webNewWindow: false,
    imageKey: 'promos/season-pass-offer.svg',
    imageAltText: 'Stoke City+ season pass: every remaining match live and on demand. Subscribe now.',
    startDateTime: '2026-11-14T00:00:00Z',
    endDateTime: '2026-12-01T23:59:59Z',
    demo: true,
  },
  {
    promoID: 'promo-festive-fixtures',
    type: 'Mini',
    url: 'https://tickets.stokecity.example/',
    webNewWindow: true,
    imageKey: 'promos/festive-fixtures.svg',
    imageAltText: 'Festive fixtures: tickets on sale now for Wrexham on Boxing Day.',
    startDateTime: '2026-11-16T09:00:00Z',
    endDateTime: '2026-12-26T15:00:00Z',
    demo: true,
  },
  {
    promoID: 'promo-memberships-2026',
    type: 'Default',
    url: '/tickets/memberships',
    webNewWindow: false,
    imageKey: 'promos/memberships-2026.svg',
    imageAltText: '2026/27 memberships: early-bird prices end 26 June.',
    startDateTime: '2026-05-20T09:00:00Z',
    endDateTime: '2026-06-26T23:59:59Z',
    demo: true,
  },
  {
    promoID: 'promo-new-season-2026',
    type: 'Default',
    url: '/videos',
    webNewWindow: false,
    imageKey: 'promos/new-season-2026.svg',
    imageAltText: 'The 2026/27 season is under way: every remaining First Team match live and on demand on Stoke City+. Subscribe now.',
    startDateTime: '2026-08-14T09:00:00Z',
    endDateTime: '2026-09-30T23:59:59Z',
    demo: true,
  },
];

writeJson('data/demo/sponsor-rows.json', sponsorRows);
writeJson('data/demo/advert-slots.json', advertSlots);
writeJson('data/demo/footer-adverts.json', footerAdverts);
writeJson('data/demo/promo-overlays.json', promoOverlays);
console.log(
  `commercial: sponsor rows ${sponsorRows.length} (${sponsorRows.map((r) => r.sponsors.length).join('/')}), advert slots ${advertSlots.length}, footer adverts ${footerAdverts.length}, promos ${promoOverlays.length}`,
);
