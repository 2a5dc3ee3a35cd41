/**
 * Hand-written editorial articles for the demo dataset (club news, tickets, Academy, Women,
 * Foundation, commercial, interviews and job vacancies). Every person named is fictional and
 * every partner brand is invented. Data-driven articles (season reviews, fixture releases,
 * squad numbers) are built in generate-news.mjs.
 */
export const EDITORIAL = [
  {
    slug: 'digital-season-cards-what-you-need-to-know',
    title: 'Digital season cards: what you need to know',
    summary:
      'Everything season ticket holders need to know about moving to digital season cards at the bet365 Stadium, from downloading your card to what happens if your phone runs out of battery.',
    date: '2023-09-14',
    time: '10:00',
    categories: ['tickets', 'club-news'],
    teamSlugs: [''],
    author: 'Ticket Office',
    body: `
Season ticket holders can now store their season card on their phone, with every turnstile at the bet365 Stadium upgraded to read digital tickets from this weekend.

The change follows a successful trial at the EFL Cup ties earlier this season and is designed to speed up entry, reduce queues and make it easier to transfer a seat to a friend or family member when you cannot attend.

## How to download your card

Log in to your MyStoke account on the club website and select **My Tickets**. Your season card will appear with a button to add it to the wallet app on your phone. You only need to do this once; the card updates automatically for every home league match.

If you manage tickets for other people, for example children in the Family Stand, each card can be sent to its holder’s own phone or kept together in your wallet.

## Sharing your seat

If you cannot make a game, you can transfer your seat to another supporter with a MyStoke account up to two hours before kick-off. Transfers are free and the recipient’s ticket appears in their wallet straight away.

## If your phone lets you down

Plastic season cards remain valid for the rest of this season, so keep yours safe. If your phone has no battery or your card will not scan, visit the Ticket Office at the stadium with photo ID and staff will print a replacement for that match.

## Accessibility

Supporters who would prefer to keep a physical card, or who need help setting up a digital ticket, can call the Ticket Office or visit in person. Our team will be happy to help, and nobody will be required to use a smartphone to attend.

The Ticket Office is open Monday to Friday from 9am to 5pm, and from 9am until kick-off on home matchdays.
`,
  },
  {
    slug: 'foundation-christmas-hamper-appeal-returns',
    title: 'Foundation Christmas hamper appeal returns',
    summary: 'Stoke City Foundation is asking supporters to help fill 1,000 festive hampers for families across Stoke-on-Trent this December.',
    date: '2023-12-01',
    time: '09:00',
    categories: ['community'],
    teamSlugs: [],
    author: 'Stoke City Foundation',
    body: `
Stoke City Foundation’s Christmas hamper appeal is back, and this year the charity aims to deliver 1,000 hampers to families across Stoke-on-Trent and north Staffordshire.

Working with schools, food banks and community groups, the Foundation identifies households that are finding the festive period particularly difficult. Each hamper contains the ingredients for a Christmas dinner, store-cupboard essentials and a small gift for every child in the family.

## How you can help

Donation points are open at the bet365 Stadium Ticket Office and at the club shop until Friday 15 December. The most-needed items are tinned vegetables, tea and coffee, long-life milk, cereal, pasta and selection boxes. Please check that all food is in date and unopened.

Supporters who would prefer to give money can donate online through the Foundation’s appeal page. Every £25 donated fills a hamper.

## Matchday collections

Volunteers will be collecting donations on the stadium concourses at the home matches against Sheffield Wednesday, Swansea City and Millwall. Players and staff will also be helping to pack and deliver hampers in the week before Christmas.

## Why it matters

“For many families, Christmas brings real financial pressure,” said the Foundation’s head of community programmes. “Last year the generosity of Stoke supporters was incredible and we saw at first hand the difference a hamper makes. We know times are tough for everyone, so whatever you can give, thank you.”

## Volunteering

The Foundation is also looking for volunteers to help sort and pack hampers at the stadium between 11 and 20 December. Shifts last three hours and no experience is necessary. To register, email the Foundation team with your availability.

Stoke City Foundation is the official charity of Stoke City Football Club and delivers health, education, sport and inclusion programmes across the city and county throughout the year.
`,
  },
  {
    slug: 'academy-duo-sign-first-professional-contracts',
    title: 'Academy duo sign first professional contracts',
    summary: 'Winger Kai Whitmore and attacking midfielder Alfie Kendrick have signed their first professional contracts with the club.',
    date: '2024-03-20',
    time: '12:00',
    categories: ['academy'],
    teamSlugs: ['u21', 'u18'],
    author: 'Academy Media',
    body: `
Kai Whitmore and Alfie Kendrick have signed their first professional contracts with Stoke City, marking the next step on a pathway that began when both joined the Academy as young boys.

Whitmore, a direct winger, and Kendrick, a creative attacking midfielder, have been regulars for the Under-18s this season and have both featured for the Under-21s in Premier League 2. The contracts will run until the summer of 2026.

## Rewarded for consistency

The Academy manager said the contracts reflect two years of hard work. “Kai and Alfie have done everything we have asked of them, on and off the pitch,” he said. “Kai is fearless on the ball and loves to take defenders on, while Alfie sees passes other players don’t. Both have trained with the First Team this season and looked at home.”

Both players will complete their education programmes at Clayton Wood before joining the professional group in the summer.

## Home-grown

Both players grew up in north Staffordshire and have progressed through every age group at the Academy.

“It’s a proud day for me and my family,” said Kendrick. “I’ve been coming to Clayton Wood since I was small and this is what we all work towards. The hard work starts now.”

Whitmore added: “I can’t thank the coaches enough. They’ve pushed me every day and I want to repay them by making the step up and helping the Under-21s win games.”

## The pathway

The club remains committed to giving talented young players a clear route from the Academy to the First Team. Several current first-team players, including Jordan Ellery and Frankie Holloway, are Academy graduates, and goalkeeper Harvey Pennington has been part of the First Team squad this season.

Everyone at Stoke City congratulates Kai and Alfie and wishes them every success.
`,
  },
  {
    slug: 'pemberton-we-want-the-bet365-stadium-to-be-a-fortress',
    title: 'Pemberton: “We want the bet365 Stadium to be a fortress”',
    summary: 'Club captain Rhys Pemberton looks ahead to the new Championship campaign, discusses pre-season and explains why home form will be key.',
    date: '2024-08-01',
    time: '11:00',
    categories: ['interviews', 'first-team'],
    teamSlugs: [''],
    author: 'Club Media Team',
    body: `
With the new Championship season just days away, club captain Rhys Pemberton sat down with the club’s media team to talk about pre-season, the summer arrivals and his ambitions for the campaign.

## On pre-season

“It’s been tough, as it should be. The staff have pushed us hard, but you can see the difference in the group. The running numbers are up and the friendlies have given everyone minutes. We’ve had a real focus on what we do without the ball, and I think supporters will notice that.”

## On the new faces

“The lads who’ve come in have settled really quickly. Corriveau has brought energy down the left and Morel is a real handful in training: big, strong and he wants to score every time he gets the ball. It’s a good dressing room and new players feel that straight away.”

## On home form

“Last season our home form wasn’t where we wanted it to be, and we’ve spoken about that as a group. We want the bet365 Stadium to be a fortress. When the place is full and the crowd is behind us, there aren’t many better places to play in this league. It’s on us to give them something to shout about from the first whistle.”

## On leadership

“I’ve been here a while now, and wearing the armband for this club means a lot. My job is to set the standards every day: in the gym, in training, in how we treat the staff at Clayton Wood. If I do that, the younger lads follow.”

## On the opening day

“Coventry at home is a great way to start. They’re a good side, well organised, so it will be a proper test. We want to start fast, get the supporters going and build some momentum.”

The Potters open their campaign against Coventry City at the bet365 Stadium on Saturday 10 August, with kick-off at 12.30pm.
`,
  },
  {
    slug: 'foundation-walking-football-sessions-expand',
    title: 'Foundation walking football sessions expand to four venues',
    summary: 'Stoke City Foundation’s popular walking football programme is expanding, with new weekly sessions in Longton, Kidsgrove and Leek.',
    date: '2024-10-10',
    time: '10:30',
    categories: ['community'],
    teamSlugs: [],
    author: 'Stoke City Foundation',
    body: `
Stoke City Foundation’s walking football programme is expanding to four venues after a record year in which more than 300 players took part.

Walking football is a slower-paced version of the game designed for people aged over 50, those returning from injury or illness and anyone who wants to stay active in a friendly, social setting. Running is not allowed, contact is limited and the emphasis is on enjoyment.

## New sessions

Alongside the established Tuesday session at the stadium, the Foundation is launching weekly sessions in Longton, Kidsgrove and Leek. Each session lasts an hour and a half and costs £3, with the first session free for new players. Bibs, balls and refreshments are provided.

## More than football

“Walking football has become so much more than a game,” said the Foundation’s health and wellbeing officer. “For a lot of our players, it’s the highlight of their week. People come for the football and stay for the cup of tea and the conversation afterwards. We’ve seen friendships form and real improvements in people’s physical and mental health.”

One player, a retired pottery worker who joined after heart surgery, said: “I hadn’t kicked a ball in thirty years. Now I’m here every week and I’ve never felt better. The coaches are brilliant and the lads keep me going.”

## Tournaments

The Foundation also enters teams into regional walking football tournaments and hosts an annual festival on the stadium’s training pitch, which brings together teams from across the Midlands.

## Get involved

No experience is necessary and players of all abilities are welcome. Women’s and mixed sessions are also available. To find out more or to book a place, contact the Foundation’s health team by email or call the Foundation office during working hours.
`,
  },
  {
    slug: 'women-sign-defender-niamh-devlin',
    title: 'Women sign Northern Ireland defender Niamh Devlin',
    summary: 'Stoke City Women have completed the signing of defender Niamh Devlin on a contract until the end of next season.',
    date: '2025-01-20',
    time: '13:00',
    categories: ['women'],
    teamSlugs: ['women'],
    author: 'Club Media Team',
    body: `
Stoke City Women have strengthened their defence with the signing of centre-back Niamh Devlin, who joins from Portglen Athletic on a contract until the summer of 2026.

The 22-year-old has represented Northern Ireland at youth international level and arrives after two impressive seasons in which she was named her previous club’s player of the year.

## Aerial presence

Standing at 1.78m, Devlin is dominant in the air and comfortable bringing the ball out from the back. She will provide competition and cover alongside club captain Jess Malpass and Aoife Callaghan.

The Women’s head coach said: “Niamh is a player we’ve tracked for some time. She’s calm, she defends her box and she’s good on the ball, which is important for the way we want to play. She’s also hungry to improve, and that attitude will fit perfectly into this group.”

## “I’m ready to go”

Devlin, who will wear the number 6 shirt, said: “As soon as I heard Stoke were interested, I wanted to come. The ambition here is clear, from the facilities at Clayton Wood to the plans for the women’s game, and the girls have made me feel so welcome already. I’m ready to go and can’t wait to meet the supporters.”

## Registration

Devlin has been registered in time for this weekend’s league fixture and could make her debut on Sunday.

The signing continues a busy January window for the Women’s team, which has seen two players depart on loan to gain first-team experience. Further updates will follow on the club website and social channels.

Tickets for Women’s home matches are available online and on the gate, with free entry for under-16s accompanied by a paying adult and for season ticket holders of the men’s team.
`,
  },
  {
    slug: 'introducing-stoke-city-plus',
    title: 'Introducing Stoke City+: every game, live and on demand',
    summary:
      'The club’s new streaming service, Stoke City+, launches this summer with live match coverage, full replays, audio commentary and exclusive behind-the-scenes content.',
    date: '2025-07-01',
    time: '10:00',
    categories: ['commercial', 'club-news'],
    teamSlugs: [''],
    author: 'Club Media Team',
    body: `
Stoke City is delighted to launch **Stoke City+**, the club’s new home for live and on-demand video and audio, available on the club website from the start of the 2025/26 season.

Stoke City+ replaces the club’s previous streaming service and has been built from the ground up to be faster, easier to use and available on more devices.

## What’s included

- **Live matches:** every First Team league and cup match live, where broadcast rules allow, with pre-match build-up and post-match reaction.
- **Full match replays:** every First Team match available in full after the final whistle.
- **Audio commentary:** live commentary on every First Team match, in the UK and around the world.
- **Free content:** highlights, interviews and press conferences free for everyone with a MyStoke account.
- **Academy and Women:** highlights and selected live matches from the Under-21s, Under-18s and Stoke City Women.

## Packages

Stoke City+ is available as a monthly subscription, a season pass that covers every match of the campaign, or an Audio Pass for supporters who want live commentary only. Single match passes are also available for one-off games.

## How to watch

Sign in with your MyStoke account, choose a package and start watching straight away in your browser on a computer, tablet or phone. Supporters who already have a MyStoke account do not need to register again.

## Built for supporters

“Supporters told us they wanted one simple place to follow the Potters, wherever they are in the world,” said the club’s head of digital. “Stoke City+ brings everything together: live games, replays, commentary and the stories behind the team. We’ll keep adding features through the season, and we’d love to hear what supporters think.”

Full details of prices and what each package includes are on the Stoke City+ page.
`,
  },
  {
    slug: 'home-kit-2025-26-unveiled',
    title: 'Home kit for 2025/26 unveiled',
    summary: 'The Potters’ new home kit returns to classic red and white stripes with a modern collar and a subtle nod to the city’s pottery heritage.',
    date: '2025-07-10',
    time: '08:00',
    categories: ['commercial'],
    teamSlugs: ['', 'women'],
    author: 'Club Media Team',
    body: `
Stoke City’s home kit for the 2025/26 season has been unveiled, and it is available to buy now from the club shop at the bet365 Stadium and online.

The shirt features the club’s traditional red and white vertical stripes, paired with white shorts and red socks, and will be worn by the First Team, the Women’s team and the Academy sides.

## Design

The design takes its inspiration from the city’s pottery heritage. A subtle tonal pattern in the red stripes is based on the shape of a bottle kiln, and the inside of the collar carries the words “Delilah” and “1863”, the year the club was founded.

A modern V-neck collar with a red and white trim completes the look. The shirt is made from lightweight, recycled polyester with breathable mesh panels, and is the same specification as worn by the players.

## Sizes and prices

The shirt is available in adult sizes from XS to 4XL, including a women’s fit, and in junior and infant sizes. Shorts, socks and full infant kits are also available. Members receive 10% off all replica kit in the first two weeks of sale.

## Printing

Name and number printing is available in store and online for every player in the First Team and Women’s squads, and for your own name. Printing in store takes around 20 minutes on non-matchdays.

## First outing

The players will wear the new shirt for the first time in a pre-season friendly later this month, before the Championship campaign begins with the visit of Derby County on Saturday 9 August.

## Away and third kits

The club’s away and third kits will be revealed later in the summer. Follow the club on social media to be the first to see them.
`,
  },
  {
    slug: 'under-18s-welcome-the-class-of-2025',
    title: 'Under-18s welcome the class of 2025',
    summary: 'Eight first-year scholars have begun their two-year programme at Clayton Wood as the Under-18s prepare for the new season.',
    date: '2025-07-03',
    time: '14:00',
    categories: ['academy'],
    teamSlugs: ['u18'],
    author: 'Academy Media',
    body: `
The Academy’s class of 2025 reported for their first day as full-time scholars this week, beginning a two-year programme that combines elite football coaching with education at Clayton Wood.

Eight first-year scholars join the Under-18s squad: goalkeeper Sonny Brereton, defenders Archie Bagnall and Malachi Oduya, midfielders Freddie Mountford, Isaac Adeyemi-Clarke and Ollie Boulton, and forwards Elijah Mayer and Jenson Capewell.

## A full-time programme

Scholars train every day alongside a structured education programme, with every player studying towards a sports qualification and many also taking A-levels. The week includes gym sessions, video analysis, nutrition workshops and individual development meetings with their coaches.

“Day one is always special,” said the Under-18s lead coach. “For these boys it’s the first time football has been their full-time job. We want them to enjoy it, but we also want them to understand the standards it takes to go further. The best scholars are the ones who take responsibility for their own development.”

## Home-grown talent

All eight scholars have progressed through the club’s younger age groups, and the majority grew up within twenty miles of the stadium.

Isaac Adeyemi-Clarke, an attacking midfielder who has already trained with the Under-21s, said: “It’s what I’ve dreamed about since I joined as a little kid. The coaches have been brilliant with me and I want to keep improving and help the team win games.”

## The season ahead

The Under-18s begin their U18 Professional Development League campaign at home to Barnsley in August, with the FA Youth Cup to follow in the winter. Supporters are welcome at home matches at Clayton Wood, and admission is free.

Everyone at the club welcomes the new scholars and their families and wishes them a successful two years.
`,
  },
  {
    slug: 'family-tickets-under-11s-go-free',
    title: 'Family tickets: under-11s go free for selected matches',
    summary: 'Under-11s can attend selected home matches free of charge in the Family Stand when accompanied by a paying adult.',
    date: '2025-09-10',
    time: '10:00',
    categories: ['tickets'],
    teamSlugs: [''],
    author: 'Ticket Office',
    body: `
Young supporters aged under 11 can watch the Potters free of charge at selected home matches this season, when accompanied by a paying adult in the Family Stand.

The offer applies to the home matches against Norwich City, Wrexham and Bristol City, and is part of the club’s commitment to making a first visit to the bet365 Stadium as affordable as possible for local families.

## How to book

Free tickets must be booked in advance online or through the Ticket Office. Each paying adult can bring up to two under-11s free of charge. Additional juniors can be added at the usual junior price. Proof of age may be requested at the turnstiles.

## The Family Stand

The Family Stand is designed with younger supporters in mind. Families can enjoy face painting, the mascot’s pre-match walkabout, a dedicated food kiosk with family meal deals and baby-changing facilities. Stewards in the stand have completed additional safeguarding training.

## Junior Potters

Every child who attends one of the free matches will receive a voucher for a discounted Junior Potters membership, which includes a welcome pack, a birthday card from the players and priority access to tickets for the club’s most popular fixtures.

## Matchday information

Turnstiles open 90 minutes before kick-off. We recommend that families arrive early to enjoy the pre-match entertainment and avoid queues. Buggies can be left at the buggy park by the Family Stand turnstiles.

## Accessibility

Families who need accessible seating or a companion ticket should contact the Disability Liaison Officer before booking, so that the right seats can be reserved.

For full details of ticket prices and availability, visit the Tickets section of the website or call the Ticket Office, which is open from 9am to 5pm, Monday to Friday.
`,
  },
  {
    slug: 'foundation-sleep-out-raises-funds-for-homelessness-charities',
    title: 'Foundation Sleep Out raises funds for local homelessness charities',
    summary:
      'More than 150 supporters, staff and players spent a night at the bet365 Stadium to raise money for people experiencing homelessness in Stoke-on-Trent.',
    date: '2025-11-05',
    time: '09:30',
    categories: ['community'],
    teamSlugs: [],
    author: 'Stoke City Foundation',
    body: `
More than 150 supporters, club staff and players spent a cold autumn night at the bet365 Stadium as part of Stoke City Foundation’s annual Sleep Out, raising funds for local charities supporting people experiencing homelessness.

Participants arrived on Friday evening with sleeping bags and pieces of cardboard, and spent the night on the concourse of the stadium. Temperatures dropped to four degrees in the early hours.

## Raising awareness

Before settling down for the night, participants heard from people who have experienced homelessness in the city and from the frontline workers who support them. The evening also included a hot meal served by Foundation volunteers and a quiz hosted by members of the First Team squad.

“The Sleep Out is never comfortable, and it shouldn’t be,” said the Foundation’s chief executive. “One night on a concourse is nothing compared to what people face every night on the streets. But it gives us a small insight, starts conversations and raises money that makes a real difference to local services.”

## Where the money goes

All funds raised are shared between three local partners that provide emergency accommodation, hot meals and advice services in Stoke-on-Trent. Last year’s Sleep Out funded more than 2,000 hot meals and a winter outreach service.

## Still time to donate

Donations can still be made online through the Foundation’s fundraising page until the end of November. Supporters can also donate at the Ticket Office and the club shop.

## Thank you

The Foundation would like to thank every participant, the stadium operations team, the stewards who stayed overnight and the club’s partners who donated food and hot drinks.

Next year’s Sleep Out will take place in November. Registration will open in the summer, with places limited to 200.
`,
  },
  {
    slug: 'festive-fixtures-2025-ticket-information',
    title: 'Festive fixtures: ticket information for the Christmas period',
    summary: 'Ticket details for the Potters’ busy Christmas schedule, including Preston North End on Boxing Day and Sheffield United on 29 December.',
    date: '2025-12-12',
    time: '11:00',
    categories: ['tickets'],
    teamSlugs: [''],
    author: 'Ticket Office',
    body: `
The Potters face four matches in thirteen days over the festive period, including two home games at the bet365 Stadium. Here is everything you need to know about tickets.

## Watford (A) — Saturday 20 December, 3pm

Stoke’s allocation has been sold to members with the required loyalty points. Any returns will be released through the away ticket exchange.

## Preston North End (H) — Friday 26 December, 3pm

Tickets for the Boxing Day fixture are on sale now to members and general sale supporters. Boxing Day is traditionally one of the best-attended matches of the season, so we recommend booking early. Junior tickets start from £10 in the Family Stand.

## Sheffield United (H) — Monday 29 December, 7.45pm

Tickets are on sale now. Members can buy up to six tickets on their account for this match, and season ticket holders can buy additional seats for family and friends.

## Hull City (A) — Thursday 1 January, 3pm

Tickets for the New Year’s Day trip are on sale to members now, with general sale to follow if any remain. Official supporters’ coaches are available to book through the Ticket Office.

## Ticket Office opening hours

The Ticket Office will close at 1pm on Wednesday 24 December and reopen at 10am on Boxing Day for the Preston match. It will be closed on 25 December and 1 January. Online sales remain open throughout.

## A gift for a Potter

Gift vouchers for matchday tickets and Stoke City+ passes are available online and from the Ticket Office, and make the perfect present for a Stoke supporter.

## Getting there

Shuttle buses and rail services may run to a reduced timetable over the festive period. Please check with operators before travelling, and allow extra time to reach the stadium.
`,
  },
  {
    slug: 'in-focus-anders-lindqvist',
    title: 'In focus: Anders Lindqvist on goals, Sweden and the Potters',
    summary: 'A Stoke City+ exclusive: striker Anders Lindqvist talks about his route to Stoke-on-Trent, the art of scoring and life in the Potteries.',
    date: '2026-01-20',
    time: '18:00',
    categories: ['interviews', 'first-team'],
    teamSlugs: [''],
    author: 'Club Media Team',
    locked: true,
    body: `
Anders Lindqvist has become one of the most reliable goalscorers in the Championship since arriving from Sweden in the summer of 2023. In a Stoke City+ exclusive, the striker talks about his journey, his routines and what makes him tick.

## From Sjöberga to Stoke

“I grew up in a small town where everyone played football in the summer and ice hockey in the winter. I was always the tall kid, so they put me up front. At IF Sjöberga I learned the game properly, and when the chance came to move to England it was a dream. English football is what we all watched on TV.”

## The first season

“The first few months were hard. The Championship is so physical and there are so many games. In Sweden you might play thirty matches a season; here it’s nearly fifty. I had to change how I trained and how I recovered. The staff at Clayton Wood were fantastic with that.”

## The art of scoring

“People think scoring is about the finish, but most of it happens before the ball arrives. Where do I stand? When do I move? Which defender is tired? I watch a lot of video of the centre-backs I’m going to face. If I can get half a yard, that’s enough.”

## Life in the Potteries

“It rains a bit more than I expected! But the people are so warm. When you walk around town, everyone wants to talk about the last game. My family love it here. My daughter has a Stoke accent now, which is very funny.”

## The supporters

“When you score at the bet365 Stadium and the whole place sings Delilah, there’s no feeling like it. I want to give them many more moments like that.”

Watch the full interview, including Lindqvist’s top five Stoke goals, on Stoke City+.
`,
  },
  {
    slug: 'women-to-play-birmingham-city-at-the-bet365-stadium',
    title: 'Women to play Birmingham City at the bet365 Stadium',
    summary:
      'Stoke City Women will host Birmingham City at the bet365 Stadium on Sunday 29 March, with tickets from £5 for adults and free entry for under-16s.',
    date: '2026-02-24',
    time: '12:00',
    categories: ['women', 'tickets'],
    teamSlugs: ['women'],
    author: 'Club Media Team',
    body: `
Stoke City Women will play their Women’s Championship fixture against Birmingham City at the bet365 Stadium on Sunday 29 March, with kick-off at 5.30pm.

It will be the team’s showcase match of the season, and the club is aiming to set a new attendance record for a Stoke City Women’s home game.

## Tickets

Tickets cost £5 for adults and £3 for concessions, and under-16s go free with a paying adult. Season ticket holders and members of the men’s team can claim a free ticket through their MyStoke account. All seats are unreserved in the lower tier.

Tickets are on sale now online and from the Ticket Office, and will be available on the day subject to availability.

## A family day out

Gates open at 4pm, with a fan zone on the concourse, face painting, a players’ signing session and music before kick-off. Food and drink kiosks will be open throughout the stadium.

## A statement of intent

The Women’s head coach said: “Playing at the bet365 Stadium is a huge moment for the players. It shows how much the club values the women’s game and gives us a platform to inspire the next generation. We want a big crowd and a big performance.”

Club captain Jess Malpass added: “Some of the girls have never played in a stadium like this. We want to make it a proper occasion and send everyone home happy.”

## Schools and grassroots

Local schools, girls’ grassroots teams and the club’s Regional Talent Club players have been invited to form a guard of honour, and every junior player in a registered girls’ team can claim a free ticket for a parent or guardian.

## Can’t make it?

The match will be shown live on Stoke City+ and highlights will be free to watch after the final whistle.
`,
  },
  {
    slug: 'vacancy-ticket-office-supervisor',
    title: 'Vacancy: Ticket Office Supervisor',
    summary:
      'Stoke City is looking for an experienced Ticket Office Supervisor to lead a busy customer-facing team at the bet365 Stadium. Closing date: Friday 3 April 2026.',
    date: '2026-03-16',
    time: '09:00',
    categories: ['job-vacancies'],
    teamSlugs: [],
    author: 'People & Culture Team',
    body: `
Stoke City Football Club is recruiting a **Ticket Office Supervisor** to join the ticketing team at the bet365 Stadium. This is a full-time, permanent role.

## About the role

The Ticket Office is the first point of contact for thousands of supporters every week. As Ticket Office Supervisor, you will lead a team of customer service advisers, manage daily operations in person and on the phone, and make sure every supporter receives accurate, friendly and efficient service.

## Key responsibilities

- Supervise and schedule the Ticket Office team, including matchday and evening staff.
- Handle complex enquiries and complaints, escalating where appropriate.
- Manage cash and card reconciliation and ensure compliance with club policies.
- Support the launch of ticket sales for home, away and cup matches.
- Work with the Disability Liaison Officer to ensure accessible ticketing is handled with care.
- Produce weekly reports on sales, queries and service levels.

## About you

- Previous experience supervising a customer service or box office team.
- Excellent communication skills, on the phone, in writing and face to face.
- Confident using ticketing and CRM systems; experience of a sports or events ticketing platform is an advantage.
- Calm and organised under pressure, particularly on busy matchdays.
- Flexible to work evenings, weekends and bank holidays in line with the fixture list.

## What we offer

A competitive salary, 25 days’ holiday plus bank holidays, a contributory pension scheme, free on-site parking, discounts in the club shop and a free season ticket.

## How to apply

Please send your CV and a covering letter explaining how you meet the requirements of the role to the People & Culture team by email. The closing date is **Friday 3 April 2026**. Interviews will be held in the week commencing 13 April.

Stoke City is committed to safeguarding and promoting the welfare of children and adults at risk. This role is subject to a basic DBS check. We welcome applications from all sections of the community.
`,
  },
  {
    slug: 'vacancy-foundation-community-coach',
    title: 'Vacancy: Foundation Community Coach (Football)',
    summary:
      'Stoke City Foundation is recruiting a Community Coach to deliver football and physical activity sessions in schools and communities. Closing date: Friday 1 May 2026.',
    date: '2026-04-09',
    time: '09:00',
    categories: ['job-vacancies', 'community'],
    teamSlugs: [],
    author: 'People & Culture Team',
    body: `
Stoke City Foundation is looking for an enthusiastic **Community Coach (Football)** to deliver high-quality sessions for children and young people across Stoke-on-Trent and north Staffordshire. This is a full-time, fixed-term contract for twelve months, with the possibility of extension.

## About the role

You will plan and deliver football and multi-sport sessions in primary schools, holiday camps, after-school clubs and community venues. You will be a positive role model, helping participants to build confidence, stay active and enjoy the game.

## Key responsibilities

- Deliver curriculum PE and extra-curricular sessions in partner schools.
- Lead holiday camps and birthday parties, including some weekends.
- Support the Foundation’s disability football and girls’ football programmes.
- Record attendance and collect feedback for monitoring and evaluation.
- Promote the Foundation’s wider work to participants and families.

## About you

- An FA Level 1 coaching qualification (UEFA C or working towards it desirable).
- Experience of coaching children and young people in a school or community setting.
- A commitment to safeguarding and inclusive practice.
- Excellent communication skills and the ability to manage groups with energy and patience.
- A full UK driving licence and access to a vehicle is desirable.

## What we offer

A competitive salary, 25 days’ holiday plus bank holidays, a pension scheme, a Foundation kit allowance and funded training and coaching qualifications.

## How to apply

Please complete the Foundation’s application form and send it to the Foundation team by email. CVs without an application form cannot be considered. The closing date is **Friday 1 May 2026**, and interviews, including a practical coaching session, will take place in mid-May.

Stoke City Foundation is committed to safeguarding and promoting the welfare of children, young people and adults at risk. This post is subject to an enhanced DBS check and satisfactory references. We particularly welcome applications from women and from people from Black, Asian and minority ethnic backgrounds, who are under-represented in coaching.
`,
  },
  {
    slug: 'memberships-2026-27-on-sale-now',
    title: '2026/27 memberships on sale now',
    summary:
      'Memberships for the 2026/27 season are now available, giving supporters priority access to home and away tickets, discounts and exclusive content.',
    date: '2026-05-20',
    time: '10:00',
    categories: ['tickets'],
    teamSlugs: [''],
    author: 'Ticket Office',
    body: `
Memberships for the 2026/27 season are on sale now, and there has never been a better time to join.

A membership is the best way to guarantee priority access to tickets for the most popular home and away matches, and it includes a range of benefits for supporters of every age.

## Membership types

- **Adult membership:** priority access to home and away tickets, 10% off in the club shop and a welcome pack.
- **Junior Potters (under-18s):** a welcome pack with a scarf and pin badge, a birthday card from the players, and priority access to Family Stand tickets.
- **International membership:** for supporters living outside the UK, including a discount on a Stoke City+ season pass.

## Loyalty points

Members collect loyalty points for every match they attend. Points decide the order in which members can buy tickets for high-demand fixtures, including away matches with limited allocations. Points collected in 2025/26 carry over to the new season.

## Early-bird pricing

Supporters who buy before Friday 26 June will receive early-bird pricing and entry into a prize draw to be a mascot or to watch a training session at Clayton Wood.

## Season ticket holders

Season ticket holders automatically receive membership benefits and do not need to buy a separate membership.

## Frequently asked questions

Answers to common questions about memberships, loyalty points and ticket transfers are on the Memberships FAQs page in the Tickets section of the website.

## How to buy

Memberships can be bought online through your MyStoke account, by phone or in person at the Ticket Office at the bet365 Stadium, which is open Monday to Friday from 9am to 5pm.
`,
  },
  {
    slug: 'stoke-city-plus-season-pass-2026-27',
    title: 'Stoke City+ season pass for 2026/27: what’s included',
    summary:
      'The Stoke City+ season pass for 2026/27 is on sale now, with every First Team match live where broadcast rules allow, full replays and live audio commentary.',
    date: '2026-07-02',
    time: '10:00',
    categories: ['commercial'],
    teamSlugs: [''],
    author: 'Club Media Team',
    body: `
The Stoke City+ season pass for 2026/27 is available now, giving supporters the best value way to follow every match of the new campaign.

After a first season in which Stoke City+ streamed more than 50 matches across the First Team, Academy and Women’s sides, the service returns with improvements suggested by subscribers.

## What’s included

- Every First Team Championship match live, where broadcast rules allow.
- Full match replays of every First Team match.
- Live audio commentary on every First Team match, with the Audio Pass included.
- Pre-match and post-match shows, press conferences and exclusive interviews.
- Selected live Academy and Women’s matches.

## What’s new

Based on subscriber feedback, the player now supports picture quality up to 1080p, faster start-up times and a redesigned replay library organised by season and competition. Subscribers can also jump straight to goals and key moments in full match replays.

## Prices

The season pass can be paid in full or by monthly instalments. Supporters who subscribe before the opening match of the season will receive a discount on the full price. Monthly subscriptions and single match passes remain available for supporters who prefer flexibility.

## Broadcast restrictions

Live video availability depends on the broadcast rules for each match and on where you are watching. Whether a match will be shown live in your country is confirmed on the fixture card ahead of kick-off. Audio commentary is available for every match.

## How to subscribe

Sign in with your MyStoke account on the Stoke City+ page and choose the season pass. Existing subscribers will receive an email with a renewal link.

## Help and support

Answers to common questions about devices, payments and restrictions are on the Live Streaming FAQs page.
`,
  },
  {
    slug: 'vantora-energy-joins-as-principal-partner',
    title: 'Vantora Energy joins as principal partner',
    summary:
      'Stoke City has agreed a multi-year principal partnership with Vantora Energy, a renewable energy supplier, whose branding will appear on the back of the First Team shirt.',
    date: '2026-07-15',
    time: '11:00',
    categories: ['commercial', 'club-news'],
    teamSlugs: [''],
    author: 'Club Media Team',
    body: `
Stoke City is delighted to announce a multi-year principal partnership with **Vantora Energy**, a renewable energy supplier serving homes and businesses across the Midlands.

From the start of the 2026/27 season, Vantora Energy’s branding will appear on the back of the First Team home, away and third shirts and around the bet365 Stadium.

## A shared commitment

The partnership goes beyond branding. Vantora Energy will work with the club to reduce the energy use of the bet365 Stadium and the Clayton Wood training ground, including the installation of solar panels on the training ground buildings and new LED floodlights.

The club’s commercial director said: “We’re proud to welcome Vantora Energy as a principal partner. They share our ambition and our commitment to the local community, and this partnership will help us make real progress on our environmental goals as well as supporting the team on the pitch.”

## In the community

Vantora Energy will also support Stoke City Foundation’s schools programme, funding a series of workshops on energy saving and sustainability for primary school pupils across Stoke-on-Trent.

A spokesperson for Vantora Energy said: “Stoke City is a club with a proud history and a passionate fanbase. We’re excited to be part of the Potters family and to work with the club and the Foundation to make a difference in the community.”

## Our partners

Vantora Energy joins Trentlock Building Society as one of the club’s two principal partners, alongside our platinum and Foundation partners. The full list of club partners is shown at the foot of every page of the website.

Businesses interested in partnership opportunities with Stoke City can contact the commercial team through the Partnerships & Advertising section of the website.
`,
  },
  {
    slug: 'women-complete-summer-recruitment',
    title: 'Women complete summer recruitment with Andrews and Pickering',
    summary: 'Jamaican defender Keisha Andrews joins Stoke City Women, while Academy forward Lily Pickering signs her first senior contract.',
    date: '2026-07-08',
    time: '13:00',
    categories: ['women'],
    teamSlugs: ['women'],
    author: 'Club Media Team',
    body: `
Stoke City Women have completed their summer recruitment with the signing of experienced defender Keisha Andrews and a first senior contract for Academy forward Lily Pickering.

## Keisha Andrews

Andrews, a 28-year-old right-back, joins from Blue Ridge FC Women and has represented Jamaica at youth international level. She is known for her pace, her recovery defending and her delivery from wide areas, and will wear the number 22 shirt.

“I’m buzzing to be here,” said Andrews. “I watched a few of the games last season and loved the way the team plays: on the front foot, with energy. I want to bring experience and help the younger players as much as I can.”

## Lily Pickering

Pickering, 18, has come through the club’s girls’ Regional Talent Club and scored regularly for the development squad last season. The striker trained with the senior team throughout the spring and made her first-team debut in the final weeks of the campaign.

“Signing my first senior contract at the club I’ve supported all my life is a dream,” said Pickering. “I’ve learned so much from the senior players already, and I’ll keep working hard to earn my chances.”

## The head coach’s view

The Women’s head coach said: “Keisha gives us quality and know-how in an important position, and Lily is a great example of our pathway working. She’s earned this contract through her attitude and her goals. We’re really pleased with the group we’ve got going into the new season.”

## Pre-season

The squad returned to Clayton Wood for pre-season testing this week and will play three friendlies before the Women’s Championship season begins away at Durham at the end of August.

Home fixtures and ticket information are on the Matches page.
`,
  },
  {
    slug: 'academy-welcomes-galvani-and-new-scholars',
    title: 'Academy welcomes Galvani and the class of 2026',
    summary: 'Italian forward Matteo Galvani joins the Under-21s, while Leo Hanley, Rio Stubbs and Aaron Tunstall begin their scholarships with the Under-18s.',
    date: '2026-08-03',
    time: '12:00',
    categories: ['academy'],
    teamSlugs: ['u21', 'u18'],
    author: 'Academy Media',
    body: `
The Academy has strengthened ahead of the new season with the arrival of forward Matteo Galvani, while three more first-year scholars have begun their programme at Clayton Wood.

## Matteo Galvani

Galvani, 20, joins the Under-21s from US Valtrebbia’s academy on a two-year contract. A versatile forward who can play through the middle or on either wing, he scored regularly at youth level in Italy and impressed during a trial period at the end of last season.

“Stoke is a club with a big history and a clear pathway,” said Galvani. “I spoke with the coaches about their plans and I knew this was the right place for me. English football is fast and physical, and I want to learn quickly.”

The Academy manager said: “Matteo has lovely technical quality and a real eye for goal. He adds something different to our forward line and, importantly, he’s hungry to improve. We think he can push on in Premier League 2.”

## Class of 2026

Midfielder Leo Hanley and strikers Rio Stubbs and Aaron Tunstall have started their two-year scholarships with the Under-18s. All three have progressed through the club’s younger age groups, and Stubbs finished last season as the top scorer for the Under-16s.

## Season openers

The Under-21s begin their Premier League 2 Division 2 season at home to Coventry City on Monday 10 August, and the Under-18s travel to Millwall on Saturday 22 August. Admission to home matches at Clayton Wood is free, and selected matches will be streamed on Stoke City+.

## A busy summer

The Academy’s summer also saw Under-21s captain Ethan Braddock and goalkeeper Oliver Stanway named in the First Team squad for the pre-season training camp, continuing the close links between the Academy and the senior group.
`,
  },
  {
    slug: 'vacancy-digital-content-producer-stoke-city-plus',
    title: 'Vacancy: Digital Content Producer (Stoke City+)',
    summary: 'Join the club media team to produce video content for Stoke City+, the website and social channels. Closing date: Friday 23 October 2026.',
    date: '2026-10-02',
    time: '09:00',
    categories: ['job-vacancies'],
    teamSlugs: [],
    author: 'People & Culture Team',
    body: `
Stoke City Football Club is recruiting a **Digital Content Producer** to join the club media team. You will help shape the content supporters see on Stoke City+, the club website and social media. This is a full-time, permanent position based at the bet365 Stadium and Clayton Wood.

## About the role

You will film, edit and publish video content across the club’s channels, from match highlights and post-match interviews to behind-the-scenes features and long-form documentaries for Stoke City+ subscribers.

## Key responsibilities

- Film and edit interviews, features and matchday content to tight deadlines.
- Produce highlights packages for the First Team, Academy and Women’s team.
- Publish content to Stoke City+ with accurate titles, categories and descriptions.
- Work with the commercial team on partner content.
- Contribute ideas for new series and formats that grow the subscriber base.

## About you

- A strong portfolio of video work, ideally in sport.
- Excellent camera skills and proficiency in professional editing software.
- Good news sense and an understanding of what supporters want to see.
- Able to work calmly under pressure on matchdays, including evenings and weekends.
- A full UK driving licence is desirable, as the role includes travel to away matches.

## What we offer

A competitive salary, 25 days’ holiday plus bank holidays, a contributory pension, free parking, a club shop discount and the opportunity to work at the heart of a historic football club.

## How to apply

Please send your CV, a short covering letter and a link to your portfolio to the People & Culture team by email. The closing date is **Friday 23 October 2026**.

Stoke City is an equal opportunities employer and is committed to safeguarding. Successful applicants will be asked to complete a basic DBS check. Please read the Recruitment Privacy Policy before applying.
`,
  },
  {
    slug: 'foundation-christmas-appeal-2026-launches',
    title: 'Foundation Christmas appeal 2026 launches',
    summary:
      'Stoke City Foundation is appealing for gifts, food and volunteers to help local families this Christmas, with donation points at the bet365 Stadium.',
    date: '2026-11-12',
    time: '09:00',
    categories: ['community'],
    teamSlugs: [],
    author: 'Stoke City Foundation',
    body: `
Stoke City Foundation has launched its 2026 Christmas appeal, asking supporters to help make the festive season a little brighter for families across Stoke-on-Trent and north Staffordshire.

This year the appeal has three strands: food hampers for families, gifts for children, and a Christmas Day lunch for older people who would otherwise spend the day alone.

## Food hampers

The Foundation aims to deliver 1,200 hampers in partnership with local schools and food banks. The most-needed items are tinned meat and fish, tinned vegetables, long-life milk and juice, tea and coffee, and festive treats. Please make sure all donations are in date and unopened.

## Gifts for children

New, unwrapped toys, books and selection boxes for children aged up to 16 can be left at the donation points. Gifts for teenagers are always in short supply, so vouchers, toiletry sets and books for older readers are particularly welcome.

## Christmas Day lunch

For the third year running, the Foundation will host a Christmas Day lunch at the bet365 Stadium for older people living alone. Transport will be provided, and guests will enjoy a three-course meal, entertainment and a visit from players.

## Donation points

Donations can be dropped at the Ticket Office and the club shop during opening hours until Friday 18 December, and on the concourses at the home matches against Birmingham City, Millwall, Queens Park Rangers and West Bromwich Albion.

## Give online

Supporters can also donate online through the Foundation’s appeal page. A donation of £30 provides a hamper, and £15 buys a gift for a child.

## Volunteer

Volunteers are needed to sort donations, pack hampers and help on Christmas Day. To register, email the Foundation team with your availability. Volunteers must be 18 or over, and some roles require a DBS check.
`,
  },
  {
    slug: 'festive-fixtures-2026-wrexham-on-boxing-day',
    title: 'Festive fixtures: tickets on sale for Wrexham on Boxing Day',
    summary:
      'Tickets for the Boxing Day visit of Wrexham and the rest of the Potters’ Christmas programme are on sale now. Here is everything you need to know.',
    date: '2026-11-16',
    time: '10:00',
    categories: ['tickets'],
    teamSlugs: [''],
    author: 'Ticket Office',
    body: `
Tickets are on sale now for the Potters’ festive fixtures, headlined by the visit of Wrexham to the bet365 Stadium on Boxing Day.

## Wrexham (H) — Saturday 26 December, 3pm

Tickets went on sale to members this morning and will be released to general sale next week, subject to availability. Demand is expected to be high, and we strongly recommend booking early. Junior tickets in the Family Stand start from £10.

## West Bromwich Albion (H) — Saturday 12 December, 3pm

The final home match before Christmas is on sale now to members and general sale supporters.

## Bristol City (A) — Tuesday 29 December, 7.45pm

Stoke’s allocation is on sale to members with the required loyalty points. Official supporters’ coaches can be booked through the Ticket Office.

## West Bromwich Albion (A) — Friday 1 January, 12pm

Tickets for the New Year’s Day trip will go on sale to members once the allocation has been confirmed.

## Ticket Office opening hours

The Ticket Office will close at 1pm on Thursday 24 December and reopen at 10am on Boxing Day for the Wrexham match. It will be closed on Christmas Day and New Year’s Day, and online sales remain open throughout.

## Gift ideas

Match tickets, memberships and Stoke City+ passes are available as gift vouchers online or from the Ticket Office, and can be redeemed for any home match this season.

## Travel

Public transport may run to a reduced timetable over the Christmas period. Please check with operators before you travel and allow plenty of time to reach the stadium. Shuttle buses will run from Stoke-on-Trent railway station as normal on Boxing Day.

## Foundation collection

The Foundation’s Christmas appeal collection will take place at the Wrexham match. Please bring a donation if you can.
`,
  },
  {
    slug: 'press-conference-birmingham-city-preview',
    title: 'Press conference: head coach previews Birmingham City',
    summary:
      'The head coach discusses team news, the squad’s preparations and the importance of a strong home run ahead of Saturday’s visit of Birmingham City.',
    date: '2026-11-19',
    time: '14:30',
    categories: ['interviews', 'first-team'],
    teamSlugs: [''],
    author: 'Club Media Team',
    body: `
The head coach faced the media at Clayton Wood on Thursday afternoon ahead of Saturday’s Championship meeting with Birmingham City at the bet365 Stadium. Here are the main talking points.

## On the week’s preparation

“It’s been a good week. We’ve had a full week on the training grass, which is rare at this time of year, and we’ve used it well. We’ve done a lot of work on our shape without the ball and on the final third. The intensity in training has been excellent.”

## On team news

“We’ll assess a couple of players tomorrow. There are one or two knocks, which is normal at this stage of the season, but nothing serious. Anders [Lindqvist] is working hard to get back and he’s close, but we won’t take any risks. It’s a long season.”

## On Birmingham City

“They’re a good side with quality all over the pitch. They like to dominate the ball and they’re dangerous in transition, so we’ll have to be disciplined and brave in possession. We’ve watched a lot of their games and we know where we can hurt them.”

## On the home run

“We’ve got Birmingham on Saturday and Millwall on Wednesday, two home games in five days, and that’s a great opportunity. The supporters have been fantastic, and when the bet365 Stadium is full and loud it gives the players a real lift. We want to give them performances to be proud of.”

## On the Academy

“It’s been pleasing to see the young players from the Under-21s training with us. Matteo Galvani has settled well and a few of the lads have really caught the eye. The door is always open.”

Saturday’s match kicks off at 3pm. Tickets are available online and from the Ticket Office, and the full press conference is available to watch on Stoke City+.
`,
  },
];
