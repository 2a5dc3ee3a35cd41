/**
 * The content page tree of spec §2 (demo copy). One entry per page, parents before children.
 * generate-pages.mjs derives postID, pageOrder, nestedLevel, childIds and timestamps.
 *
 * Fields: path, title, template (Default | Landing | Hub), summary, hero (false = no hero image),
 * type (internal | internalLink | external), linkSlug, externalUrl, newTab, listStyle,
 * showInMenu, cta {text, link}, published 'YYYY-MM-DD HH:MM', body (Markdown).
 */
const TICKETS = 'https://tickets.stokecity.example/';
const SHOP = 'https://shop.stokecity.example/';

export const PAGES = [
  // -------------------------------------------------------------------------
  // Tickets
  // -------------------------------------------------------------------------
  {
    path: 'tickets',
    title: 'Tickets',
    template: 'Landing',
    summary: 'Matchday tickets, memberships, away travel and everything you need for a visit to the bet365 Stadium.',
    published: '2023-06-20 10:00',
    cta: { text: 'Buy tickets', link: TICKETS },
    body: `
Whether it’s your first visit to the bet365 Stadium or your hundredth, this is the place to find tickets for every Stoke City home and away match.

## Ways to buy

- **Online:** the quickest way to buy, 24 hours a day, through your MyStoke account.
- **By phone:** call the Ticket Office during opening hours.
- **In person:** visit the Ticket Office at the bet365 Stadium.

## Memberships and season tickets

Members and season ticket holders receive priority access to tickets for high-demand home and away matches. Find out more on the Memberships page.

## Planning your visit

Our matchday information pages cover everything from getting to the stadium and shuttle buses to families, accessibility and the matchday programme.
`,
  },
  {
    path: 'tickets/matchday-tickets',
    title: 'Matchday Tickets',
    template: 'Default',
    summary: 'Prices and booking information for home matches at the bet365 Stadium.',
    published: '2023-06-20 10:30',
    cta: { text: 'Buy matchday tickets', link: TICKETS },
    body: `
Tickets for every home match are available online, by phone and from the Ticket Office. Prices vary by match category and seating area.

## Prices

| Category | Adult | Over-65 | 18–21 | Under-18 | Under-11 |
|---|---|---|---|---|---|
| Category A | £35 | £26 | £22 | £15 | £10 |
| Category B | £30 | £22 | £18 | £12 | £8 |
| Category C | £26 | £19 | £15 | £10 | £5 |

Prices shown are for general sale. Members receive a £3 discount on adult tickets for every home league match.

## Booking fees

There are no booking fees for tickets bought online or at the Ticket Office. A £1.50 postage fee applies if you choose to receive printed tickets by post.

## Concessions

Proof of age may be requested at the turnstiles for concession tickets. Concessions are also available for full-time students and for supporters with a disability; please see the Accessibility at the Stadium page for details.

## Cup matches

Prices for FA Cup and EFL Cup ties are announced when the draw is made and are usually lower than league prices.
`,
  },
  {
    path: 'tickets/opening-hours',
    title: 'Ticket Office Opening Hours',
    template: 'Default',
    hero: false,
    summary: 'When the Ticket Office at the bet365 Stadium is open, including matchdays and bank holidays.',
    published: '2023-06-20 11:00',
    body: `
The Ticket Office is located at the bet365 Stadium, next to the club shop. Staff can help with ticket sales, memberships, season tickets, travel and accessibility enquiries.

## Regular opening hours

- **Monday to Friday:** 9am to 5pm
- **Saturday (non-matchday):** 10am to 2pm
- **Sunday (non-matchday):** closed

## Matchdays

- **Home matchdays:** from 9am until 30 minutes after kick-off.
- **Evening home matches:** from 9am until kick-off.
- **Away matchdays:** 9am to 1pm on Saturdays; normal hours on weekdays.

## Bank holidays

The Ticket Office is usually closed on bank holidays unless there is a home match. Opening times over Christmas and Easter are published in advance in the news section.

## Telephone

The phone line is open during the same hours. Calls are busiest when tickets for popular matches go on sale, so we recommend buying online where possible.
`,
  },
  {
    path: 'tickets/memberships',
    title: 'Memberships',
    template: 'Hub',
    summary: 'Priority access to tickets, discounts and exclusive benefits for every age.',
    published: '2023-06-21 09:00',
    body: `
A Stoke City membership gives you priority access to tickets for high-demand home and away matches, along with discounts and exclusive benefits throughout the season.

## Membership types

- **Adult membership:** priority ticket access, 10% off in the club shop and a welcome pack.
- **Junior Potters:** a welcome pack, a birthday card from the players and priority access to Family Stand tickets.
- **International membership:** for supporters living outside the UK, including a discount on a Stoke City+ season pass.

## Loyalty points

Members collect loyalty points for every match they attend. Points decide the order of priority for matches with limited availability, including most away matches.

Answers to common questions are on the Memberships FAQs page.
`,
  },
  {
    path: 'tickets/memberships/faqs',
    title: 'Memberships FAQs',
    template: 'Default',
    summary: 'Answers to the most common questions about memberships and loyalty points.',
    published: '2023-06-21 09:30',
    body: `
## When does my membership run?

Memberships run for a full season, from 1 July to 30 June.

## How do loyalty points work?

You earn one point for every home match and two points for every away match for which a ticket is bought on your account. Points carry over from season to season as long as your membership is renewed.

## Can I buy tickets for friends?

Yes. Members can buy tickets for up to five other supporters for most home matches. For high-demand matches, each ticket must be linked to a supporter with the required number of loyalty points.

## I’ve lost my membership card. What should I do?

Memberships are digital and stored in your MyStoke account. If you need a replacement card, contact the Ticket Office; a small fee may apply.

## Is a membership included with my season ticket?

Yes. Season ticket holders automatically receive membership benefits.

## Can I transfer my membership?

Memberships are personal and cannot be transferred. Tickets bought with a membership can be transferred to another MyStoke account holder.
`,
  },
  {
    path: 'tickets/matchday-information',
    title: 'Matchday Information',
    template: 'Hub',
    summary: 'Everything you need to know before you travel to the bet365 Stadium.',
    published: '2023-06-22 10:00',
    body: `
Planning a visit to the bet365 Stadium? Our matchday guides cover everything from getting here to what to expect once you arrive.

Turnstiles open 90 minutes before kick-off, and the stadium concourses offer a range of food and drink. The stadium is a cashless venue: card and mobile payments are accepted at every kiosk.

Choose a guide below for information on supporter travel, families, shuttle buses, the matchday programme and accessibility.
`,
  },
  {
    path: 'tickets/matchday-information/supporter-guides',
    title: 'Supporter Guides',
    template: 'Hub',
    summary: 'Guides for home and visiting supporters.',
    published: '2023-06-22 10:30',
    body: `
Our supporter guides contain practical information for a smooth matchday, whether you are a regular in the home end or visiting the bet365 Stadium for the first time.

- **Home supporters:** parking, turnstiles, the fan zone and stadium regulations.
- **Away supporters:** travel directions, the away entrance, facilities and pubs that welcome visiting fans.

If you have a question that is not answered here, please contact the Ticket Office before your visit.
`,
  },
  {
    path: 'tickets/matchday-information/supporter-guides/home-fans',
    title: 'Home Supporters’ Guide',
    template: 'Default',
    summary: 'Parking, entry, the fan zone and what you can bring into the stadium.',
    published: '2023-06-22 11:00',
    body: `
## Getting here

The bet365 Stadium is a short drive from the A50 and the M6. On matchdays, the main car parks open three hours before kick-off. Pre-booked parking is available through the Ticket Office.

## Entry

Turnstiles open 90 minutes before kick-off. Please have your digital or printed ticket ready. Bag searches are carried out at every entrance, and bags larger than A4 are not permitted.

## The fan zone

The fan zone on the stadium concourse opens two hours before kick-off, with live music, big-screen coverage and interviews with former players.

## Food and drink

Kiosks serve hot food, snacks and drinks, including vegetarian, vegan and gluten-free options. The stadium is cashless.

## Ground regulations

Please respect the ground regulations and the safety of other supporters. Discriminatory behaviour of any kind will not be tolerated and may lead to a ban.
`,
  },
  {
    path: 'tickets/matchday-information/supporter-guides/away-fans',
    title: 'Away Supporters’ Guide',
    template: 'Default',
    summary: 'Information for visiting supporters travelling to the bet365 Stadium.',
    published: '2023-06-22 11:30',
    body: `
We look forward to welcoming visiting supporters to the bet365 Stadium. This guide contains everything you need for your visit.

## Tickets

Away tickets are sold by the visiting club. We are unable to sell tickets for the away section directly to visiting supporters.

## Travel

By car, the stadium is a short distance from junction 15 of the M6 and the A50. Coach parking for visiting supporters is located next to the away entrance. By rail, Stoke-on-Trent station is around two miles away, and a shuttle bus runs from the station on matchdays.

## The away section

The away section has its own entrance, concourse and kiosks. The section has wheelchair-accessible viewing areas and accessible toilets. Visiting supporters with access requirements should contact their own club’s disability liaison officer, who will liaise with us.

## Safety

Stewards and police work together to ensure a safe and enjoyable experience for everyone. Please follow their instructions.
`,
  },
  {
    path: 'tickets/matchday-information/families',
    title: 'Families',
    template: 'Default',
    summary: 'The Family Stand, junior tickets and family facilities at the bet365 Stadium.',
    published: '2023-06-23 09:00',
    body: `
The bet365 Stadium is a great day out for families, and the Family Stand has been designed with younger supporters in mind.

## The Family Stand

Families can enjoy face painting, the club mascot’s pre-match walkabout and a dedicated food kiosk with family meal deals. Stewards in the stand have received additional training to help families with young children.

## Junior tickets

Junior tickets start from £5 for under-11s in the Family Stand. Under-11s must be accompanied by an adult aged 18 or over.

## Facilities

Baby-changing facilities are available in the Family Stand, and buggies can be left at the buggy park near the turnstiles. Ear defenders for young children are available free of charge from the information point.

## Lost children

If you become separated from your child, please speak to the nearest steward immediately. All lost children are taken to a safe meeting point in the Family Stand.
`,
  },
  {
    path: 'tickets/matchday-information/shuttle-buses',
    title: 'Shuttle Buses',
    template: 'Default',
    summary: 'Matchday shuttle buses from Stoke-on-Trent station and the city centre.',
    published: '2023-06-23 09:30',
    body: `
Matchday shuttle buses run to the bet365 Stadium from Stoke-on-Trent railway station and Hanley bus station for every home First Team match.

## Times

- Services start two and a half hours before kick-off and run every 10 minutes.
- Return services begin at the final whistle and run for up to an hour after the match.

## Fares

- Adult return: £4
- Junior and concession return: £2
- Under-5s travel free

Tickets can be bought on board with a contactless card or mobile payment.

## Pick-up points

- **Stoke-on-Trent station:** the coach stop on the station forecourt.
- **Hanley bus station:** stand K.

## Accessibility

All shuttle buses are wheelchair accessible. Please let the driver know if you need help boarding.
`,
  },
  {
    path: 'tickets/matchday-information/programme',
    title: 'Matchday Programme',
    template: 'Default',
    summary: 'The official matchday programme, in print and digital editions.',
    published: '2023-06-23 10:00',
    body: `
The official matchday programme is packed with exclusive interviews, features, statistics and nostalgia, and is available for every home First Team match.

## Print edition

The print edition costs £4 and is sold by programme sellers around the stadium and from the club shop. Back issues can be ordered online while stocks last.

## Digital edition

A digital edition is available to read on your phone, tablet or computer from the morning of every home match. It can be bought individually or as a season subscription.

## Subscriptions

A season subscription to the print edition guarantees delivery of every home programme to your door, including cup matches. Subscriptions can be bought through the club shop.

## Contributing

Supporters’ clubs and community groups with a story to tell are welcome to contact the club media team with ideas for the programme.
`,
  },
  {
    path: 'tickets/matchday-information/accessibility-at-the-stadium',
    title: 'Accessibility at the Stadium',
    template: 'Default',
    summary: 'Accessible seating, facilities and support for disabled supporters.',
    published: '2023-06-23 10:30',
    body: `
We want every supporter to enjoy their visit to the bet365 Stadium. Our Disability Liaison Officer is available to help with any questions before your visit.

## Accessible seating

Wheelchair user and amenity seating is available in every stand, with free companion tickets for supporters who need assistance. Please book accessible tickets through the Ticket Office so that the right seat can be allocated.

## Facilities

- Accessible toilets on every concourse, including a Changing Places facility.
- Lowered counters at all kiosks.
- Audio-descriptive commentary through headsets, available from the information point.
- A sensory room for supporters with autism or sensory processing needs, which must be booked in advance.

## Parking

Blue Badge parking is available close to the stadium and must be booked in advance.

## Assistance dogs

Assistance dogs are welcome. Water bowls are available from stewards on request.
`,
  },
  {
    path: 'tickets/away-tickets',
    title: 'Away Tickets',
    template: 'Default',
    summary: 'How away tickets are allocated and sold, and official coach travel.',
    published: '2023-06-24 09:00',
    body: `
Stoke City supporters travel in great numbers, and away tickets are often in high demand. Tickets are sold to members and season ticket holders in priority order based on loyalty points.

## Sales process

Sale dates for each away match are announced in the news section and on social media. Tickets for matches with large allocations are often released to general sale once priority periods have ended.

## Official coach travel

Official supporters’ coaches travel to every away league match and depart from the bet365 Stadium. Coach travel must be booked at the same time as, or after, buying a match ticket.

## Away ticket exchange

If you can no longer attend, you can return your ticket through the away ticket exchange until 48 hours before kick-off. A refund will be made if the ticket is resold.

## Behaviour

Supporters travelling to away matches are ambassadors for the club. Tickets may be cancelled and bans issued for misconduct.
`,
  },
  {
    path: 'tickets/buy-online',
    title: 'Buy Tickets Online',
    template: 'Default',
    summary: 'Go to the online ticket shop.',
    type: 'external',
    externalUrl: TICKETS,
    newTab: true,
    hero: false,
    published: '2023-06-24 09:30',
    body: `
The online ticket shop opens in a new tab.
`,
  },

  // -------------------------------------------------------------------------
  // Hospitality
  // -------------------------------------------------------------------------
  {
    path: 'hospitality',
    title: 'Hospitality',
    template: 'Landing',
    summary: 'Premium matchday experiences at the bet365 Stadium, for a single match or the whole season.',
    published: '2023-06-25 10:00',
    cta: { text: 'Enquire now', link: 'mailto:hospitality@stokecity.example' },
    body: `
Enjoy the Potters in style with hospitality at the bet365 Stadium. From relaxed pre-match dining to our most exclusive lounges, there is an experience to suit every occasion and budget.

## Seasonal hospitality

Secure your place for every home league match with a seasonal package, the perfect choice for businesses entertaining clients or supporters who want the best seats in the house.

## Matchday hospitality

Celebrate a birthday, treat a loved one or entertain guests at a single match with one of our matchday packages.

All packages include padded seats with excellent views, a match programme and a visit from a former player. Our hospitality team will be happy to help you choose the right package.
`,
  },
  {
    path: 'hospitality/seasonal',
    title: 'Seasonal Hospitality',
    template: 'Hub',
    summary: 'Hospitality for every home league match of the season.',
    published: '2023-06-25 10:30',
    body: `
Seasonal hospitality offers guaranteed seats, dining and service for every home league match, with flexible payment options for businesses and individuals.

Choose between the intimate surroundings of The 1863 Club and the relaxed atmosphere of The Kiln Lounge. Both include priority access to hospitality for home cup matches and exclusive events throughout the season.
`,
  },
  {
    path: 'hospitality/seasonal/the-1863-club',
    title: 'The 1863 Club',
    template: 'Default',
    summary: 'Our most exclusive seasonal lounge, named after the year the club was founded.',
    published: '2023-06-25 11:00',
    cta: { text: 'Enquire about The 1863 Club', link: 'mailto:hospitality@stokecity.example' },
    body: `
Named after the year Stoke City was founded, The 1863 Club is the club’s most exclusive seasonal hospitality lounge.

## What’s included

- A four-course fine dining menu before the match.
- Complimentary bar throughout the day.
- Padded seats in the centre of the main stand.
- Half-time and full-time refreshments.
- A visit from a First Team player after the match.
- Reserved parking close to the main entrance.

## Price

From £4,250 plus VAT per seat for the season, with discounts for tables of six or more.

## Dress code

Smart casual. Football shirts are welcome.
`,
  },
  {
    path: 'hospitality/seasonal/the-kiln-lounge',
    title: 'The Kiln Lounge',
    template: 'Default',
    summary: 'Relaxed seasonal hospitality with buffet dining and great views.',
    published: '2023-06-25 11:30',
    cta: { text: 'Enquire about The Kiln Lounge', link: 'mailto:hospitality@stokecity.example' },
    body: `
The Kiln Lounge combines a relaxed atmosphere with quality food and excellent seats, making it ideal for groups of friends and colleagues.

## What’s included

- A hot buffet with a choice of dishes, including vegetarian options.
- A cash bar open from two and a half hours before kick-off.
- Padded seats in the upper tier.
- Half-time refreshments.
- A pre-match question-and-answer session with a former player.

## Price

From £2,150 plus VAT per seat for the season.

## Payment options

Seasonal packages can be paid in full or by monthly direct debit.
`,
  },
  {
    path: 'hospitality/matchday',
    title: 'Matchday Hospitality',
    template: 'Hub',
    summary: 'Hospitality packages for a single home match.',
    published: '2023-06-26 10:00',
    body: `
Make a single match special with one of our matchday hospitality packages. Packages are available for every home league and cup match, subject to availability.

Prices vary by match category. Our team can also arrange birthday and celebration extras, including a cake, a personalised shirt and a signed programme.
`,
  },
  {
    path: 'hospitality/matchday/the-trentside-suite',
    title: 'The Trentside Suite',
    template: 'Default',
    summary: 'Three-course dining and seats in the main stand for a single match.',
    published: '2023-06-26 10:30',
    cta: { text: 'Book The Trentside Suite', link: 'mailto:hospitality@stokecity.example' },
    body: `
The Trentside Suite is our most popular matchday hospitality lounge, offering a three-course meal and great seats in the main stand.

## What’s included

- A three-course meal served at your table.
- A cash bar throughout the day.
- Padded seats in the main stand.
- A matchday programme.
- The Man of the Match presentation in the suite after the game.

## Prices

From £145 plus VAT per person, depending on the match category.

## Groups

Tables of eight and ten are available. Private tables can be themed for birthdays and celebrations.
`,
  },
  {
    path: 'hospitality/matchday/the-jasper-room',
    title: 'The Jasper Room',
    template: 'Default',
    summary: 'Informal pre-match dining with a pie and a pint, and seats close to the action.',
    published: '2023-06-26 11:00',
    cta: { text: 'Book The Jasper Room', link: 'mailto:hospitality@stokecity.example' },
    body: `
The Jasper Room offers an informal, great-value hospitality experience: a hearty pre-match meal, a warm welcome and seats close to the action.

## What’s included

- A pie, chips and peas, or a vegetarian alternative.
- Your first drink included.
- Seats in the lower tier.
- A matchday programme.

## Prices

From £75 plus VAT per person, depending on the match category.

## Who is it for?

The Jasper Room is perfect for supporters who want to make a day of it without the formality of fine dining, and is a popular choice for stag and hen groups.
`,
  },

  // -------------------------------------------------------------------------
  // Partnerships & advertising, conference & events
  // -------------------------------------------------------------------------
  {
    path: 'partnerships-advertising',
    title: 'Partnerships & Advertising',
    template: 'Landing',
    summary: 'Put your brand in front of millions of supporters with a Stoke City partnership.',
    published: '2023-07-01 10:00',
    cta: { text: 'Contact the commercial team', link: 'mailto:commercial@stokecity.example' },
    body: `
A partnership with Stoke City puts your brand at the heart of one of English football’s oldest clubs, reaching supporters in the stadium, on television and across our digital channels.

## Why partner with us?

- A loyal, passionate and growing supporter base in the UK and around the world.
- Match broadcasts shown in more than 100 countries.
- A large digital audience across the website, Stoke City+ and social media.
- Community impact through Stoke City Foundation.

Whether you are a local business or a global brand, our commercial team will work with you to create a partnership that meets your objectives.
`,
  },
  {
    path: 'partnerships-advertising/sponsorship-opportunities',
    title: 'Sponsorship Opportunities',
    template: 'Default',
    summary: 'Shirt, stadium, digital and matchday sponsorship packages.',
    published: '2023-07-01 10:30',
    body: `
We offer a range of sponsorship opportunities to suit businesses of every size.

## Partnership tiers

- **Principal partners:** our most prominent partnerships, including kit branding.
- **Platinum partners:** category-exclusive partnerships with stadium and digital branding.
- **Foundation partners:** partnerships that fund the community work of Stoke City Foundation.

## Advertising

- Pitchside LED advertising at every home match.
- Digital advertising on the club website and Stoke City+.
- Programme and concourse advertising.

## Matchday sponsorship

Sponsor a home match, the match ball or the Man of the Match award, with hospitality for you and your guests included.

Contact the commercial team to discuss the opportunities that are right for your business.
`,
  },
  {
    path: 'partnerships-advertising/our-partners',
    title: 'Our Partners',
    template: 'Default',
    summary: 'The businesses that support Stoke City.',
    published: '2023-07-01 11:00',
    body: `
We are proud to work with a family of partners who support the club on and off the pitch.

## Principal partners

Vantora Energy and Trentlock Building Society are the club’s principal partners.

## Platinum partners

Our platinum partners support the club across the stadium, the kit and our digital channels.

## Foundation partners

Our Foundation partners fund the community programmes of Stoke City Foundation, helping thousands of people across Stoke-on-Trent and Staffordshire every year.

The full list of partners, with links to their websites, is shown at the foot of every page. Partners marked as not child friendly are hidden when child-friendly mode is switched on.
`,
  },
  {
    path: 'conference-events',
    title: 'Conference & Events',
    template: 'Landing',
    summary: 'Meetings, conferences, weddings and parties at the bet365 Stadium.',
    published: '2023-07-02 10:00',
    cta: { text: 'Make an enquiry', link: 'mailto:events@stokecity.example' },
    body: `
The bet365 Stadium is one of Staffordshire’s most versatile venues, with suites for meetings of ten people and events for up to 600 guests.

## Why choose the stadium?

- Free on-site parking for up to 1,000 vehicles.
- Easy access from the M6 and A50.
- In-house catering by our award-winning events team.
- Stadium tours and pitchside photography for your guests.

Explore meetings and conferences, weddings and Christmas parties below.
`,
  },
  {
    path: 'conference-events/meetings-and-conferences',
    title: 'Meetings & Conferences',
    template: 'Default',
    summary: 'Day delegate packages and flexible meeting rooms.',
    published: '2023-07-02 10:30',
    body: `
Our conference suites are flexible, modern and fully equipped, making them ideal for meetings, training days, exhibitions and awards dinners.

## Day delegate packages

From £39 plus VAT per person, including room hire, refreshments on arrival, mid-morning and afternoon breaks, a working lunch, Wi-Fi and audio-visual equipment.

## Rooms

- Eight syndicate rooms for up to 20 people.
- Three suites for up to 150 people theatre style.
- The main banqueting suite for up to 600 people.

## Extras

Add a stadium tour, a team-building session on our training pitch or a motivational talk from a former player.
`,
  },
  {
    path: 'conference-events/weddings',
    title: 'Weddings',
    template: 'Default',
    summary: 'Celebrate your big day at the home of the Potters.',
    published: '2023-07-02 11:00',
    body: `
Say “I do” at the home of the Potters. The bet365 Stadium is licensed for civil ceremonies, and our wedding team will help you plan every detail of your day.

## Packages

Wedding packages start from £3,500 for 50 day guests and 80 evening guests, including a drinks reception, a three-course wedding breakfast and an evening buffet.

## Photographs

Couples can have photographs taken pitchside and in the home dressing room, subject to availability.

## Viewings

Viewings are available by appointment, and we hold wedding open evenings throughout the year.
`,
  },
  {
    path: 'conference-events/christmas-parties',
    title: 'Christmas Parties',
    template: 'Default',
    summary: 'Shared and private Christmas party nights at the bet365 Stadium.',
    published: '2023-07-02 11:30',
    body: `
Celebrate the festive season at the bet365 Stadium with our Christmas party nights, which run on selected dates from late November to Christmas Eve.

## Shared party nights

From £45 per person, including a welcome drink, a three-course festive meal, a resident DJ and a disco until midnight.

## Private parties

Exclusive use of a suite is available for groups of 60 or more, with menus and entertainment tailored to your group.

## Festive lunches

Our festive lunches are ideal for teams, clubs and societies who prefer a daytime celebration.

Early booking is recommended, as popular dates sell out quickly.
`,
  },

  // -------------------------------------------------------------------------
  // Fans
  // -------------------------------------------------------------------------
  {
    path: 'fans',
    title: 'Fans',
    template: 'Landing',
    summary: 'Supporters’ clubs, fan engagement and ways to get closer to the club.',
    published: '2023-07-03 10:00',
    body: `
Stoke City’s supporters are the heartbeat of the club. This section brings together supporters’ clubs, fan engagement and ways to get closer to the Potters.

## Get involved

- Join one of more than 40 official supporters’ clubs around the world.
- Share your views through our Fan Advisory Board and supporter surveys.
- Become a member for priority access to tickets and exclusive benefits.

We value the views of every supporter and are committed to listening and responding to them.
`,
  },
  {
    path: 'fans/supporters-clubs',
    title: 'Supporters’ Clubs',
    template: 'Default',
    summary: 'Official supporters’ clubs in the UK and around the world.',
    published: '2023-07-03 10:30',
    body: `
Official supporters’ clubs bring Potters together wherever they live. Branches organise travel to matches, social events and watch parties, and many raise money for local charities.

## Benefits of official status

- An annual visit from a current or former player.
- Priority access to tickets for branch members.
- A presence on the club website and in the matchday programme.

## Starting a branch

If there isn’t a branch near you, why not start one? Branches need at least ten members, a committee and a constitution. Contact the supporter liaison team for help getting started.
`,
  },
  {
    path: 'fans/fan-engagement',
    title: 'Fan Engagement',
    template: 'Default',
    summary: 'How supporters’ views shape the club.',
    published: '2023-07-03 11:00',
    body: `
Supporters’ views help shape decisions across the club. We engage with fans in several ways throughout the season.

## Fan Advisory Board

The Fan Advisory Board meets the club’s senior leadership team at least four times a season. Its members represent season ticket holders, away supporters, disabled supporters, young supporters, women and under-represented groups.

## Supporter Liaison Officer

Our Supporter Liaison Officer is the first point of contact for supporters and supporters’ groups, and attends every home and away match.

## Surveys

We run an annual supporter survey and shorter surveys on specific topics. Results and the club’s responses are published on this website.
`,
  },
  {
    path: 'fans/memberships',
    title: 'Memberships',
    template: 'Default',
    summary: 'Find out about memberships in the Tickets section.',
    type: 'internalLink',
    linkSlug: 'tickets/memberships',
    hero: false,
    published: '2023-07-03 11:30',
    body: `
Memberships are managed in the Tickets section of the website.
`,
  },
  {
    path: 'fans/club-shop',
    title: 'Club Shop',
    template: 'Default',
    summary: 'Official kits and merchandise from the online club shop.',
    type: 'external',
    externalUrl: SHOP,
    newTab: true,
    hero: false,
    published: '2023-07-03 12:00',
    body: `
The official online club shop opens in a new tab.
`,
  },

  // -------------------------------------------------------------------------
  // Foundation
  // -------------------------------------------------------------------------
  {
    path: 'foundation',
    title: 'Stoke City Foundation',
    template: 'Landing',
    summary: 'The official charity of Stoke City Football Club.',
    published: '2023-07-04 10:00',
    cta: { text: 'Support the Foundation', link: '/foundation/donate' },
    body: `
Stoke City Foundation is the official charity of Stoke City Football Club. We use the power of football to improve the health, education and life chances of people across Stoke-on-Trent and Staffordshire.

## Our work

- **Health and wellbeing:** walking football, mental health support and healthy lifestyle programmes.
- **Education:** in-school programmes, further education courses and employability support.
- **Sport and inclusion:** disability football, girls’ football and holiday camps.
- **Community:** food and Christmas appeals, and support for people experiencing homelessness.

Every year our programmes reach tens of thousands of people. None of it would be possible without the support of our partners, donors and volunteers.
`,
  },
  {
    path: 'foundation/health-and-wellbeing',
    title: 'Health & Wellbeing',
    template: 'Default',
    summary: 'Programmes that help people live healthier, happier lives.',
    published: '2023-07-04 10:30',
    body: `
Our health and wellbeing programmes support people of all ages to become more active, look after their mental health and make healthier choices.

## Programmes

- **Walking football:** weekly sessions for over-50s and people returning to exercise.
- **Extra Time:** social activities for older people at risk of loneliness.
- **Talk Shop:** a safe space for men to talk about their mental health, run with trained mental health practitioners.
- **Fit Potters:** a 12-week healthy lifestyle programme for adults, held at the stadium.

All programmes are free or low-cost and open to everyone. Contact the Foundation team to find a session near you.
`,
  },
  {
    path: 'foundation/education',
    title: 'Education',
    template: 'Default',
    summary: 'Learning programmes in schools, colleges and the community.',
    published: '2023-07-04 11:00',
    body: `
The Foundation uses the appeal of football to inspire learners of all ages.

## In schools

Our coaches deliver PE, literacy, numeracy and wellbeing sessions in more than 80 primary schools across the area.

## Post-16 education

Our post-16 programme combines a recognised sports qualification with football training and match experience, giving students a route into further education, employment or university.

## Employability

Our employability programme helps adults develop the skills and confidence to find work, with CV support, interview practice and work placements with club partners.
`,
  },
  {
    path: 'foundation/donate',
    title: 'Donate',
    template: 'Default',
    summary: 'Help the Foundation change lives in our community.',
    published: '2023-07-04 11:30',
    cta: { text: 'Donate now', link: 'https://foundation.stokecity.example/donate' },
    body: `
Your donation helps Stoke City Foundation deliver programmes that change lives in our community.

## Ways to give

- **One-off donation:** donate any amount online.
- **Monthly giving:** a regular gift helps us plan for the future.
- **Fundraising:** take on a challenge such as our Sleep Out or a sponsored walk to the stadium.
- **Gift Aid:** if you are a UK taxpayer, we can claim an extra 25p for every £1 you give.

## What your money does

- £10 provides a place at a walking football session for a month.
- £25 fills a Christmas hamper for a local family.
- £100 funds a week of holiday activities and a healthy meal for a child.

Thank you for your support.
`,
  },

  // -------------------------------------------------------------------------
  // Club
  // -------------------------------------------------------------------------
  {
    path: 'club',
    title: 'The Club',
    template: 'Hub',
    summary: 'History, records, the stadium, the Academy, the Women’s team and club information.',
    published: '2023-07-05 10:00',
    body: `
Founded in 1863, Stoke City is one of the oldest professional football clubs in the world and a founding member of the Football League.

Explore the club’s history and records, the bet365 Stadium, the Academy and the Women’s team, and find official club information and policies.
`,
  },
  {
    path: 'club/academy',
    title: 'Academy',
    template: 'Default',
    summary: 'The club’s Category One Academy at Clayton Wood.',
    published: '2023-07-05 10:30',
    body: `
The Academy develops young players from the age of eight through to the Under-21s, with the aim of producing players for the First Team.

## The pathway

- **Foundation phase (Under-9 to Under-11):** developing technique, confidence and a love of the game.
- **Youth development phase (Under-12 to Under-16):** building tactical understanding and physical development.
- **Professional development phase (Under-18 and Under-21):** full-time scholarships and professional contracts.

## Education

Every scholar follows an education programme alongside football, and the Academy has a dedicated education and welfare team.

## Trials

The Academy does not hold open trials. Players are identified by our scouting network. Grassroots coaches who would like a player to be considered can contact the Academy recruitment team.
`,
  },
  {
    path: 'club/women',
    title: 'Stoke City Women',
    template: 'Default',
    summary: 'The club’s Women’s team and girls’ pathway.',
    published: '2023-07-05 11:00',
    body: `
Stoke City Women compete in the Women’s Championship and play their home matches in Stoke-on-Trent, with a showcase fixture at the bet365 Stadium every season.

## The girls’ pathway

The club’s girls’ Regional Talent Club provides elite coaching for talented girls from the age of eight, with a clear route into the development squad and the senior team.

## Watch the team

Tickets for home matches are available online and on the gate, with free entry for under-16s accompanied by a paying adult. Selected matches are shown live on Stoke City+.
`,
  },
  {
    path: 'club/history',
    title: 'History',
    template: 'Default',
    summary: 'The story of the Potters, from 1863 to the present day.',
    published: '2023-07-05 11:30',
    body: `
Stoke City’s history stretches back to 1863, making the club one of the oldest professional football clubs in the world.

## Early years

The club was a founding member of the Football League in 1888 and has spent the majority of its history in the top two divisions of English football.

## Cup success

The club’s greatest day came in 1972, when it won the League Cup at Wembley, its first major trophy.

## The modern era

In 1997 the club left its historic Victoria Ground for a new stadium, now known as the bet365 Stadium. The Potters returned to the top flight in 2008 and spent ten consecutive seasons in the Premier League, reaching the FA Cup final in 2011 and competing in European football the following season.

## The nickname

The nickname “the Potters” reflects the city’s world-famous pottery industry.
`,
  },
  {
    path: 'club/records',
    title: 'Records',
    template: 'Default',
    summary: 'Club records and recent season statistics.',
    published: '2023-07-05 12:00',
    body: `
## Recent Championship seasons

| Season | Played | Won | Drawn | Lost | For | Against | Points |
|---|---|---|---|---|---|---|---|
| 2023/24 | 46 | 15 | 11 | 20 | 49 | 60 | 56 |
| 2024/25 | 46 | 12 | 15 | 19 | 45 | 62 | 51 |
| 2025/26 | 46 | 15 | 10 | 21 | 51 | 56 | 55 |

Figures are calculated from openfootball match data (CC0).

## Recent biggest wins

- 6-1 v Rotherham United (H), EFL Cup second round, 29 August 2023
- 6-1 v Portsmouth (H), Championship, 2 October 2024
- 5-0 v Middlesbrough (A), EFL Cup second round, 27 August 2024
- 5-1 v Bristol City (H), Championship, 1 November 2025

## Honours

- League Cup winners: 1972
- FA Cup runners-up: 2011

Records are updated at the end of every season.
`,
  },
  {
    path: 'club/stadium',
    title: 'bet365 Stadium',
    template: 'Default',
    summary: 'The home of Stoke City since 1997.',
    published: '2023-07-05 12:30',
    body: `
The bet365 Stadium has been the home of Stoke City since 1997. The all-seater stadium sits on a hill to the south of the city, with views across the Potteries.

## Stadium tours

Go behind the scenes with a guided tour, including the home dressing room, the players’ tunnel, the dugouts and the press room. Tours run on most non-matchdays and last around 90 minutes.

## Getting here

The stadium is close to junction 15 of the M6 and the A50, with parking on site. Shuttle buses run from Stoke-on-Trent railway station and Hanley bus station on matchdays.

## Sustainability

The club is working to reduce the stadium’s environmental impact, with LED floodlights, solar panels and recycling on every concourse.
`,
  },
  {
    path: 'club/club-information',
    title: 'Club Information',
    template: 'Hub',
    summary: 'Official club information, policies and statements.',
    published: '2023-07-06 10:00',
    body: `
This section contains official club information, including the club’s privacy, cookie, photography and filming, and safeguarding policies.

If you cannot find the information you need, please use the Contact page.
`,
  },
  {
    path: 'club/club-information/privacy-policy',
    title: 'Privacy Policy',
    template: 'Default',
    hero: false,
    summary: 'How the club collects, uses and protects your personal data.',
    published: '2023-07-06 10:30',
    body: `
This is the club’s privacy policy for supporters, customers and website users. The full policy is also available at the Privacy Policy link in the footer of every page.

## Summary

- We collect the personal data you give us when you buy tickets, create a MyStoke account, subscribe to Stoke City+ or contact us.
- We use it to provide the services you ask for, keep you safe at matches and, with your consent, send you marketing.
- We never sell your personal data.
- You can ask to see, correct or delete your data at any time.

## Your rights

Under UK data protection law you have the right to access, correct, erase and restrict the processing of your personal data, to object to processing and to data portability. To exercise your rights, contact the club’s Data Protection Officer.

## Complaints

If you are unhappy with how we have handled your data, you can complain to the Information Commissioner’s Office.
`,
  },
  {
    path: 'club/club-information/cookie-policy',
    title: 'Cookie Policy',
    template: 'Default',
    hero: false,
    summary: 'How this website uses cookies and how to control them.',
    published: '2023-07-06 11:00',
    body: `
This website uses cookies: small text files stored on your device when you visit.

## Types of cookie

- **Essential cookies** make the site work, for example by remembering your sign-in and your cookie choices. They cannot be switched off.
- **Analytics cookies** help us understand how the site is used so we can improve it.
- **Marketing cookies** help us show relevant adverts on other sites.
- **Personalisation cookies** remember your preferences, such as child-friendly mode.

## Your choices

When you first visit the site, you can accept all cookies or keep to essential cookies only. You can change your choice at any time by clearing the cookies for this site in your browser settings, which will bring back the cookie notice.

## Consent cookies

Your choice is stored in two cookies, cookie_consent_given and cookie_analytics_consent_given, which expire after 60 days.
`,
  },
  {
    path: 'club/club-information/photography-and-filming-policy',
    title: 'Photography and Filming Policy',
    template: 'Default',
    listStyle: true,
    summary: 'What supporters and visitors may photograph and film at the bet365 Stadium.',
    published: '2023-07-06 11:30',
    body: `
The club welcomes supporters taking photographs and short videos for personal use. To protect the rights of the club, its partners and broadcasters, the following rules apply at the bet365 Stadium and Clayton Wood.

## Supporters may

- Take photographs and short video clips on phones and compact cameras for personal, non-commercial use.
- Share personal photographs and clips on social media, provided they do not show live match action longer than a few seconds.

## Supporters may not

- Stream, broadcast or record any part of a match for transmission.
- Use professional equipment, including detachable lenses longer than 200mm, tripods, monopods or drones.
- Use photographs or footage for any commercial purpose without written permission.
- Photograph or film children other than their own without the consent of a parent or guardian.

## Media

Accredited media must follow the club’s media accreditation terms. Requests for filming or photography for commercial or editorial use should be made to the club media team.

## Enforcement

Stewards may ask supporters to stop filming or to delete footage, and anyone breaching this policy may be asked to leave the stadium.
`,
  },
  {
    path: 'club/club-information/safeguarding-policy',
    title: 'Safeguarding Policy',
    template: 'Default',
    summary: 'The club’s commitment to safeguarding children and adults at risk.',
    published: '2023-07-06 12:00',
    body: `
Stoke City and Stoke City Foundation are committed to safeguarding and promoting the welfare of children, young people and adults at risk in every activity we deliver.

## Our commitments

- Every member of staff and volunteer working with children or adults at risk undergoes safer recruitment checks, including a DBS check at the appropriate level.
- All staff complete safeguarding training appropriate to their role.
- The club has a designated Head of Safeguarding and safeguarding officers across the club, the Academy and the Foundation.

## Reporting a concern

If you are worried about the safety or welfare of a child or adult at risk, speak to a steward on a matchday or contact the club’s safeguarding team. In an emergency, always call 999.

## Policy review

This policy is reviewed every year and approved by the club’s board.
`,
  },

  // -------------------------------------------------------------------------
  // Juniors
  // -------------------------------------------------------------------------
  {
    path: 'juniors',
    title: 'Juniors',
    template: 'Landing',
    summary: 'Junior Potters membership, birthday parties and mascot packages.',
    published: '2023-07-07 10:00',
    body: `
Young supporters are the future of the club. Our junior offer helps children feel part of the Potters family from their very first match.

- **Junior Potters:** membership for supporters aged under 18.
- **Birthday parties:** celebrate at the bet365 Stadium.
- **Mascots:** walk out with the players on matchday.

Every junior supporter receives a birthday card from the players.
`,
  },
  {
    path: 'juniors/junior-potters',
    title: 'Junior Potters',
    template: 'Default',
    summary: 'The club’s membership for young supporters.',
    published: '2023-07-07 10:30',
    body: `
Junior Potters is the club’s membership for supporters aged under 18.

## What’s included

- A welcome pack with a scarf, a pin badge and a membership card.
- A birthday card from the players.
- Priority access to Family Stand tickets.
- Entry into prize draws to be a mascot, a flag bearer or a ball person.
- Exclusive events, including a Christmas party with the players.

## Price

£20 for the season. Junior season ticket holders receive Junior Potters membership free of charge.
`,
  },
  {
    path: 'juniors/birthday-parties',
    title: 'Birthday Parties',
    template: 'Default',
    summary: 'Football parties and stadium tours for birthdays.',
    published: '2023-07-07 11:00',
    body: `
Celebrate your child’s birthday at the bet365 Stadium with a party they will never forget.

## Football party

Two hours of football coaching and games led by Foundation coaches, followed by party food. From £12 per child, minimum of ten children.

## Stadium tour party

A behind-the-scenes tour of the stadium, including the home dressing room and the tunnel, followed by party food in a hospitality suite. From £15 per child.

Every birthday child receives a signed card and a gift from the club shop.
`,
  },
  {
    path: 'juniors/mascots',
    title: 'Mascot Packages',
    template: 'Default',
    summary: 'Walk out with the Potters at the bet365 Stadium.',
    published: '2023-07-07 11:30',
    body: `
Be a matchday mascot and walk out of the tunnel with the players in front of thousands of supporters.

## The package includes

- The current home kit to keep.
- A meet-and-greet with the players in the tunnel.
- A pre-match kick-about on the pitch.
- Professional photographs of the day.
- Match tickets for the mascot and two adults.

## Eligibility

Mascots must be aged between five and eleven on the day of the match. Packages sell out quickly, so early booking is recommended.
`,
  },

  // -------------------------------------------------------------------------
  // Live streaming
  // -------------------------------------------------------------------------
  {
    path: 'live-streaming',
    title: 'Live Streaming',
    template: 'Landing',
    summary: 'Watch and listen to the Potters on Stoke City+.',
    published: '2025-07-01 10:00',
    cta: { text: 'Go to Stoke City+', link: '/videos' },
    body: `
Stoke City+ is the club’s official streaming service. Watch and listen to the Potters live, catch up with full match replays and enjoy exclusive interviews and features.

## What you can watch

- Live First Team matches, where broadcast rules allow.
- Live audio commentary on every First Team match.
- Full match replays and extended highlights.
- Selected Academy and Women’s matches.

## Get started

Sign in with your MyStoke account and choose a subscription or a match pass. Our guides and FAQs will help you get the most out of the service.
`,
  },
  {
    path: 'live-streaming/guides',
    title: 'Streaming Guides',
    template: 'Default',
    summary: 'How to watch Stoke City+ on your devices.',
    published: '2025-07-01 10:30',
    body: `
## Watching on a computer

Stoke City+ works in the latest versions of Chrome, Edge, Firefox and Safari. Sign in, go to the Stoke City+ page and choose a match or video.

## Watching on a phone or tablet

Open the club website in your mobile browser and sign in. Live video uses secure streaming, so please keep your browser up to date.

## Watching on a TV

You can cast from Chrome on a computer or Android device to a compatible TV, or use AirPlay from an Apple device.

## Internet speed

We recommend a connection of at least 5 Mbps for HD video. The player adjusts quality automatically if your connection slows down.

## Troubleshooting

If a stream does not start, refresh the page, sign out and back in, or try another browser. If the problem continues, contact our support team with details of your device and browser.
`,
  },
  {
    path: 'live-streaming/faqs',
    title: 'Live Streaming FAQs',
    template: 'Default',
    summary: 'Answers to common questions about Stoke City+.',
    published: '2025-07-01 11:00',
    body: `
Answers to the most common questions about Stoke City+ are listed below. If your question is not answered, please contact the support team.

## Which matches are shown live?

Live video availability depends on the broadcast rules for each match and where you are watching. Each fixture card on Stoke City+ shows whether the match will be available live in your country.

## When are full match replays available?

Full match replays are usually available from 9am on the morning after the match.

## How many devices can I use?

You can be signed in on several devices, but you can watch on two devices at the same time.

## How do I cancel?

Subscriptions can be cancelled at any time from the View Subscriptions page of your account. You will keep access until the end of the period you have paid for.

More answers are available on the Stoke City+ page.
`,
  },
  {
    path: 'live-streaming/terms-conditions',
    title: 'Stoke City+ Terms & Conditions',
    template: 'Default',
    hero: false,
    summary: 'The terms that apply to Stoke City+ subscriptions and match passes.',
    published: '2025-07-01 11:30',
    body: `
These terms apply to all Stoke City+ subscriptions and match passes. By buying a package you agree to these terms.

## 1. The service

Stoke City+ is provided by Stoke City Football Club. Content availability depends on broadcast rights, which vary by match and territory.

## 2. Accounts

You need a MyStoke account to use Stoke City+. Your account is for your personal use only and must not be shared.

## 3. Payments

Subscriptions renew automatically at the end of each period until cancelled. Match passes are one-off payments for a single match.

## 4. Cancellations and refunds

You may cancel a subscription at any time; access continues until the end of the paid period. Refunds are given if a match for which you bought a pass is not shown.

## 5. Acceptable use

You must not record, redistribute or publicly show any Stoke City+ content.

## 6. Changes

We may update these terms. We will tell subscribers about significant changes by email.
`,
  },

  // -------------------------------------------------------------------------
  // Footer pages (top level)
  // -------------------------------------------------------------------------
  {
    path: 'privacy-policy',
    title: 'Privacy Policy',
    template: 'Default',
    hero: false,
    showInMenu: false,
    summary: 'How Stoke City Football Club collects, uses and protects your personal data.',
    published: '2023-05-15 09:00',
    body: `
Stoke City Football Club (“the club”, “we”) is committed to protecting your privacy. This policy explains how we collect, use and protect your personal data when you use this website, buy tickets, subscribe to Stoke City+ or otherwise deal with us.

## Who we are

The club is the data controller for the personal data described in this policy. Our contact details are on the Company Details page.

## What we collect

- Contact details, such as your name, address, email and phone number.
- Account details for your MyStoke account.
- Purchase history for tickets, memberships, merchandise and Stoke City+.
- Technical data, such as your IP address and device, when you use our website.
- Information you give us when you contact us or take part in surveys and competitions.

## How we use it

We use your data to provide the products and services you ask for, to manage ticketing and stadium safety, to answer your enquiries, to improve our services and, where you have agreed, to send you marketing.

## Sharing

We share data with service providers who work on our behalf, such as payment processors and ticketing and streaming providers, and with the police and football authorities where required by law. We never sell your data.

## How long we keep it

We keep personal data only for as long as we need it for the purposes described, or as required by law.

## Your rights

You can ask to access, correct or delete your data, object to or restrict its use, and ask for a copy in a portable format. You can withdraw consent to marketing at any time.

## Contact

Please contact the club’s Data Protection Officer with any questions. You also have the right to complain to the Information Commissioner’s Office.
`,
  },
  {
    path: 'terms-of-use',
    title: 'Terms of Use',
    template: 'Default',
    hero: false,
    showInMenu: false,
    summary: 'The terms that apply to your use of this website.',
    published: '2023-05-15 09:30',
    body: `
These terms govern your use of the Stoke City Football Club website. By using the site, you accept them.

## Use of the site

You may use this website for personal, non-commercial purposes. You must not misuse the site, attempt to gain unauthorised access to it or interfere with its operation.

## Intellectual property

All content on this site, including text, images, video, logos and the club crest, belongs to the club or its licensors. You may not copy, reproduce or distribute it without our permission, except for personal use or as permitted by law.

## Third-party data

Fixtures, results and league tables on this demo site are based on openfootball data, which is dedicated to the public domain under CC0.

## Links

This site contains links to other websites, including those of our partners. We are not responsible for their content.

## Accounts

If you create a MyStoke account, you are responsible for keeping your sign-in details secure.

## Liability

We work hard to keep the site accurate and available, but we cannot guarantee that it will always be error-free or uninterrupted. We are not liable for any loss arising from the use of the site, except where the law does not allow us to exclude liability.

## Governing law

These terms are governed by the laws of England and Wales.
`,
  },
  {
    path: 'accessibility',
    title: 'Accessibility',
    template: 'Default',
    showInMenu: false,
    summary: 'Our commitment to making this website accessible to everyone.',
    published: '2023-05-15 10:00',
    body: `
We want everyone who visits the Stoke City website to be able to find information, buy tickets and enjoy Stoke City+, whatever their device or ability.

## Our standard

We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. The site is designed to work with screen readers, keyboard navigation, text resizing up to 200% and high-contrast modes.

## What we’ve done

- Every image has a text alternative, and decorative images are hidden from screen readers.
- Pages use headings and landmarks so you can navigate by structure.
- All functionality is available from the keyboard, with a visible focus indicator.
- Videos on Stoke City+ support captions where available.
- Animations are reduced when your device asks for reduced motion.

## Known issues

Some older news articles and documents may not be fully accessible. We are working to improve them.

## Feedback

If you find a part of the site that is difficult to use, please contact us and tell us the page and the problem. We aim to respond within five working days.

## At the stadium

For information on accessibility at the bet365 Stadium, please see the Accessibility at the Stadium page in the Tickets section.
`,
  },
  {
    path: 'company-details',
    title: 'Company Details',
    template: 'Default',
    hero: false,
    showInMenu: false,
    summary: 'Registered company information for Stoke City Football Club.',
    published: '2023-05-15 10:30',
    body: `
This is a demonstration website. The details below are placeholders and are not the club’s real registered information.

## Registered company

- **Company name:** Stoke City Football Club Limited (demo)
- **Registered office:** bet365 Stadium, Stoke-on-Trent, Staffordshire
- **Registered in:** England and Wales
- **Company number:** 00000000 (demo)
- **VAT number:** GB 000 0000 00 (demo)

## Stoke City Foundation

Stoke City Foundation is the club’s official charity. Its registered charity number is shown on the Foundation website.

## Data credits

Fixtures, results and league tables are based on data from the openfootball project, dedicated to the public domain under CC0.
`,
  },
  {
    path: 'contact',
    title: 'Contact Us',
    template: 'Default',
    showInMenu: false,
    summary: 'How to get in touch with the club.',
    published: '2023-05-15 11:00',
    body: `
We are here to help. Please choose the right department below so that your enquiry reaches the right team quickly.

## Ticket Office

For tickets, memberships, season tickets and away travel. Open Monday to Friday, 9am to 5pm, and on home matchdays.

- Email: tickets@stokecity.example

## Club shop

For online orders, kit and merchandise.

- Email: shop@stokecity.example

## Stoke City+ support

For help with subscriptions, match passes and streaming.

- Email: support@stokecity.example

## Hospitality and events

- Email: hospitality@stokecity.example

## Stoke City Foundation

- Email: foundation@stokecity.example

## Postal address

Stoke City Football Club, bet365 Stadium, Stoke-on-Trent, Staffordshire.

## Supporter Liaison Officer

Supporters and supporters’ groups can contact our Supporter Liaison Officer about any matchday issue.
`,
  },
  {
    path: 'recruitment-privacy-policy',
    title: 'Recruitment Privacy Policy',
    template: 'Default',
    hero: false,
    showInMenu: false,
    summary: 'How the club uses the personal data of job applicants.',
    published: '2024-01-10 09:00',
    body: `
This policy explains how Stoke City Football Club and Stoke City Foundation use the personal data of people who apply for jobs, volunteering roles and work placements.

## What we collect

- Your name, contact details and the information in your CV and covering letter.
- Details of your qualifications, employment history and references.
- Information needed for right-to-work and safer recruitment checks, including DBS checks where the role requires them.
- Equal opportunities monitoring information, which is optional and kept separately.

## How we use it

We use your data to assess your application, to communicate with you about the recruitment process, to carry out pre-employment checks and to meet our legal obligations.

## Sharing

Your data is shared only with the people involved in the recruitment decision, with referees you have named, and with the Disclosure and Barring Service where a check is needed.

## How long we keep it

If you are unsuccessful, we keep your application for six months after the role is filled and then delete it securely. If you are successful, your data becomes part of your employee record.

## Your rights

You can ask to access, correct or delete your data. Please contact the People & Culture team with any questions.
`,
  },
];
