import type { promotionOffers, promotions } from '#src/db/schema/index.ts';
import type { OfferFacts } from './offers.ts';
import { randomFor } from './random.ts';
import { type BrandShort, brandId, type Text3 } from './reference-data.ts';

export type PromotionRow = typeof promotions.$inferInsert & { id: number };
export type PromotionOfferRow = typeof promotionOffers.$inferInsert;

type PromotionPlan = {
  /** Also the landing route (/gardasee) for brand promotions. */
  name: string;
  brand: BrandShort | null;
  promotionType: 'Custom:landing' | 'Custom:deal' | 'Campaign';
  title: Text3;
  description: Text3;
  /** Offers that suit the promotion; listed first. */
  fits: (offer: OfferFacts) => boolean;
  /** Offers that fill it up when too few suit it; any offer when absent. */
  fallback?: (offer: OfferFacts) => boolean;
  expired?: true;
};

const hasTheme =
  (...themes: OfferFacts['themes']) =>
  (offer: OfferFacts) =>
    themes.some((theme) => offer.themes.includes(theme));
const inCountry =
  (...isos: string[]) =>
  (offer: OfferFacts) =>
    isos.includes(offer.countryIso);
const inRegion =
  (...keys: string[]) =>
  (offer: OfferFacts) =>
    keys.includes(offer.regionKey);
const discountFrom = (percent: number) => (offer: OfferFacts) => offer.maxDiscount >= percent;

const plans: PromotionPlan[] = [
  // autoclub landing pages
  {
    name: 'blackfriday',
    brand: 'autoclub',
    promotionType: 'Custom:landing',
    title: {
      de: 'Black Friday: bis zu 70 % sparen',
      en: 'Black Friday: save up to 70%',
      it: 'Black Friday: risparmia fino al 70%',
    },
    description: {
      de: 'Nur für kurze Zeit: unsere stärksten Rabatte auf Hotelgutscheine in ganz Europa.',
      en: 'For a short time only: our biggest discounts on hotel vouchers all over Europe.',
      it: 'Solo per poco tempo: i nostri sconti più forti sui voucher hotel in tutta Europa.',
    },
    fits: discountFrom(50),
  },
  {
    name: 'valentinstag',
    brand: 'autoclub',
    promotionType: 'Custom:landing',
    title: { de: 'Valentinstag zu zweit', en: "Valentine's Day for two", it: 'San Valentino in due' },
    description: {
      de: 'Romantische Auszeiten zum Verschenken – mit Candle-Light-Dinner, Spa und Seeblick.',
      en: 'Romantic breaks to give as a gift – with candlelit dinners, spas and lake views.',
      it: 'Fughe romantiche da regalare, con cene a lume di candela, spa e vista lago.',
    },
    fits: hasTheme('romantik'),
  },
  {
    name: 'ostern',
    brand: 'autoclub',
    promotionType: 'Custom:landing',
    title: { de: 'Osterurlaub', en: 'Easter getaways', it: 'Vacanze di Pasqua' },
    description: {
      de: 'Frühlingsgefühle für die ganze Familie: Kurzurlaube rund um die Osterferien.',
      en: 'Spring is in the air: short breaks for the whole family around the Easter holidays.',
      it: 'Aria di primavera: vacanze brevi per tutta la famiglia durante le feste pasquali.',
    },
    fits: hasTheme('familie', 'kurzurlaub'),
  },
  {
    name: 'muttertag',
    brand: 'autoclub',
    promotionType: 'Custom:landing',
    title: {
      de: 'Muttertag: Auszeit für Mama',
      en: "Mother's Day: time out for mum",
      it: 'Festa della mamma: una pausa per lei',
    },
    description: {
      de: 'Wellness, Massagen und gutes Essen – das schönste Geschenk zum Muttertag.',
      en: "Wellness, massages and good food – the loveliest Mother's Day present.",
      it: 'Benessere, massaggi e buona cucina: il regalo più bello per la festa della mamma.',
    },
    fits: hasTheme('wellness'),
  },
  {
    name: 'ssv',
    brand: 'autoclub',
    promotionType: 'Custom:landing',
    title: { de: 'Sommerschlussverkauf', en: 'Summer sale', it: 'Saldi estivi' },
    description: {
      de: 'Der große Sommerschlussverkauf: Hotelgutscheine drei Jahre gültig, jetzt zum Bestpreis.',
      en: 'The big summer sale: hotel vouchers valid for three years, now at their best price.',
      it: 'I grandi saldi estivi: voucher hotel validi tre anni, ora al miglior prezzo.',
    },
    fits: discountFrom(45),
  },
  {
    name: 'motorwelt',
    brand: 'autoclub',
    promotionType: 'Custom:landing',
    title: { de: 'Motorwelt-Leserreisen', en: 'Motorwelt reader trips', it: 'Viaggi dei lettori Motorwelt' },
    description: {
      de: 'Ziele, die Sie bequem mit dem Auto erreichen – ausgewählt von der Redaktion.',
      en: 'Destinations within easy driving distance – picked by our editors.',
      it: 'Mete facilmente raggiungibili in auto, scelte dalla redazione.',
    },
    fits: inCountry('DE', 'AT', 'CH', 'IT'),
  },
  {
    name: 'weihnachten',
    brand: 'autoclub',
    promotionType: 'Custom:landing',
    title: {
      de: 'Weihnachtsgeschenke mit Urlaubsgefühl',
      en: 'Christmas gifts that feel like a holiday',
      it: 'Regali di Natale che sanno di vacanza',
    },
    description: {
      de: 'Urlaub unter den Baum legen: Gutscheine zum Ausdrucken, sofort nach Zahlungseingang.',
      en: 'Put a holiday under the tree: printable vouchers as soon as your payment arrives.',
      it: "Una vacanza sotto l'albero: voucher da stampare subito dopo il pagamento.",
    },
    fits: hasTheme('ski-winter', 'kulinarik', 'wellness'),
  },
  // familyclub landing pages
  {
    name: 'suedtirol',
    brand: 'familyclub',
    promotionType: 'Custom:landing',
    title: {
      de: 'Familienurlaub in Südtirol',
      en: 'Family holidays in South Tyrol',
      it: 'Vacanze in famiglia in Alto Adige',
    },
    description: {
      de: 'Almwiesen, Bergseen und Dolomitenblick: die schönsten Familienhotels in Südtirol.',
      en: 'Alpine meadows, mountain lakes and Dolomite views: the best family hotels in South Tyrol.',
      it: "Alpeggi, laghi alpini e vista sulle Dolomiti: i migliori hotel per famiglie dell'Alto Adige.",
    },
    fits: inRegion('suedtirol'),
    fallback: inRegion('trentino', 'tirol'),
  },
  {
    name: 'bella-italia',
    brand: 'familyclub',
    promotionType: 'Custom:landing',
    title: { de: 'Bella Italia', en: 'Bella Italia', it: 'Bella Italia' },
    description: {
      de: 'Vom Gardasee bis Sizilien: Italien für Groß und Klein.',
      en: 'From Lake Garda to Sicily: Italy for young and old.',
      it: 'Dal Lago di Garda alla Sicilia: l’Italia per grandi e piccini.',
    },
    fits: inCountry('IT'),
  },
  {
    name: 'deutschland',
    brand: 'familyclub',
    promotionType: 'Custom:landing',
    title: { de: 'Urlaub in Deutschland', en: 'Holidays in Germany', it: 'Vacanze in Germania' },
    description: {
      de: 'Nordsee, Ostsee, Schwarzwald und Alpen: Familienurlaub ganz nah.',
      en: 'North Sea, Baltic, Black Forest and Alps: family holidays close to home.',
      it: 'Mare del Nord, Baltico, Foresta Nera e Alpi: vacanze in famiglia a due passi.',
    },
    fits: inCountry('DE'),
  },
  {
    name: 'gardasee',
    brand: 'familyclub',
    promotionType: 'Custom:landing',
    title: { de: 'Sommer am Gardasee', en: 'Summer at Lake Garda', it: 'Estate sul Lago di Garda' },
    description: {
      de: 'Zitronen, Olivenhaine und klares Wasser: Familienhotels rund um den Gardasee.',
      en: 'Lemons, olive groves and clear water: family hotels around Lake Garda.',
      it: 'Limoni, uliveti e acqua cristallina: hotel per famiglie intorno al Lago di Garda.',
    },
    fits: inRegion('gardasee'),
    fallback: inRegion('trentino', 'tessin'),
  },
  {
    name: 'chalet',
    brand: 'familyclub',
    promotionType: 'Custom:landing',
    title: { de: 'Chalets & Hütten', en: 'Chalets & lodges', it: 'Chalet & baite' },
    description: {
      de: 'Kaminfeuer, Holzduft und viel Platz für die ganze Familie.',
      en: 'Open fires, the scent of pine and plenty of room for the whole family.',
      it: 'Camino acceso, profumo di legno e tanto spazio per tutta la famiglia.',
    },
    fits: hasTheme('chalet'),
    fallback: hasTheme('ski-winter', 'aktiv-wandern'),
  },
  {
    name: 'city',
    brand: 'familyclub',
    promotionType: 'Custom:landing',
    title: {
      de: 'Städtereisen mit Kindern',
      en: 'City breaks with children',
      it: 'Città da scoprire con i bambini',
    },
    description: {
      de: 'Museen, Zoos und Stadtparks: Metropolen entdecken mit der ganzen Familie.',
      en: 'Museums, zoos and city parks: discover great cities with the whole family.',
      it: 'Musei, zoo e parchi cittadini: scoprire le grandi città con tutta la famiglia.',
    },
    fits: hasTheme('staedtereise'),
  },
  {
    name: 'wellness',
    brand: 'familyclub',
    promotionType: 'Custom:landing',
    title: { de: 'Wellness für Eltern', en: 'Wellness for parents', it: 'Benessere per i genitori' },
    description: {
      de: 'Kinderbetreuung inklusive – damit Eltern endlich einmal entspannen.',
      en: 'Childcare included – so parents can finally relax.',
      it: 'Animazione per bambini inclusa, perché anche i genitori possano rilassarsi.',
    },
    fits: hasTheme('wellness'),
  },
  {
    name: 'wien',
    brand: 'familyclub',
    promotionType: 'Custom:landing',
    title: { de: 'Wien mit der Familie', en: 'Vienna with the family', it: 'Vienna in famiglia' },
    description: {
      de: 'Prater, Schönbrunn und Kaiserschmarrn: Wien für Groß und Klein.',
      en: 'The Prater, Schönbrunn and Kaiserschmarrn: Vienna for young and old.',
      it: 'Prater, Schönbrunn e Kaiserschmarrn: Vienna per grandi e piccini.',
    },
    fits: (offer) => offer.city === 'Wien',
    fallback: inCountry('AT'),
  },
  {
    name: 'replerhof',
    brand: 'familyclub',
    promotionType: 'Custom:landing',
    title: { de: 'Familienzeit in Tirol', en: 'Family time in Tyrol', it: 'Tempo in famiglia in Tirolo' },
    description: {
      de: 'Unsere Partnerhäuser in Tirol: Bauernhoferlebnis, Bergbahnen und Kinderclub.',
      en: 'Our partner hotels in Tyrol: farm life, cable cars and kids’ clubs.',
      it: 'I nostri hotel partner in Tirolo: vita di fattoria, funivie e miniclub.',
    },
    fits: (offer) => offer.regionKey === 'tirol' && offer.themes.includes('familie'),
    fallback: inRegion('tirol'),
  },
  // sparbuch
  {
    name: 'schnaeppchen',
    brand: 'sparbuch',
    promotionType: 'Custom:landing',
    title: { de: 'Urlaubsschnäppchen', en: 'Holiday bargains', it: 'Occasioni vacanza' },
    description: {
      de: 'Die günstigsten Hotelgutscheine für Sparbuch-Kundinnen und -Kunden.',
      en: 'The best-value hotel vouchers for Sparbuch customers.',
      it: 'I voucher hotel più convenienti per i clienti Sparbuch.',
    },
    fits: discountFrom(50),
  },
  {
    name: 'deal',
    brand: 'sparbuch',
    promotionType: 'Custom:deal',
    title: { de: 'Deal der Woche', en: 'Deal of the week', it: 'Offerta della settimana' },
    description: {
      de: 'Jede Woche neu: ausgewählte Angebote mit besonders hohem Rabatt.',
      en: 'New every week: selected offers with an especially large discount.',
      it: 'Ogni settimana nuove offerte selezionate con sconti particolarmente alti.',
    },
    fits: discountFrom(60),
    fallback: discountFrom(50),
  },
  // viaggi
  {
    name: 'italia',
    brand: 'viaggi',
    promotionType: 'Custom:landing',
    title: { de: 'Urlaub in Italien', en: 'Holidays in Italy', it: 'Vacanze in Italia' },
    description: {
      de: 'Von den Dolomiten bis ans Meer: die schönsten Hotels Italiens.',
      en: 'From the Dolomites to the sea: the finest hotels in Italy.',
      it: 'Dalle Dolomiti al mare: i più begli hotel d’Italia.',
    },
    fits: inCountry('IT'),
  },
  // dealjaeger
  {
    name: 'deals',
    brand: 'dealjaeger',
    promotionType: 'Custom:landing',
    title: { de: 'Top-Deals', en: 'Top deals', it: 'Offerte top' },
    description: {
      de: 'Von unseren Dealjägern entdeckt: Hotelgutscheine mit mindestens 40 % Rabatt.',
      en: 'Found by our deal hunters: hotel vouchers at 40% off or more.',
      it: 'Scovati dai nostri cacciatori di offerte: voucher hotel scontati almeno del 40%.',
    },
    fits: discountFrom(40),
  },
  // Campaigns of every brand
  {
    name: 'sommer',
    brand: null,
    promotionType: 'Campaign',
    title: { de: 'Sommer, Sonne, Meer', en: 'Summer, sun and sea', it: 'Estate, sole e mare' },
    description: {
      de: 'Strandurlaub und Seen: Gutscheine für die schönste Zeit des Jahres.',
      en: 'Beaches and lakes: vouchers for the best time of the year.',
      it: "Spiagge e laghi: voucher per il periodo più bello dell'anno.",
    },
    fits: hasTheme('strand-meer'),
    fallback: hasTheme('familie', 'romantik'),
  },
  {
    name: 'fruehbucher',
    brand: null,
    promotionType: 'Campaign',
    title: { de: 'Frühbucher-Vorteil', en: 'Early-bird savings', it: 'Vantaggio prenota prima' },
    description: {
      de: 'Jetzt kaufen, später reisen: Gutscheine sind drei Jahre gültig.',
      en: 'Buy now, travel later: vouchers are valid for three years.',
      it: 'Acquista ora, viaggia dopo: i voucher sono validi tre anni.',
    },
    fits: discountFrom(35),
  },
  {
    name: 'winterzauber',
    brand: null,
    promotionType: 'Campaign',
    title: { de: 'Winterzauber', en: 'Winter magic', it: 'Magia d’inverno' },
    description: {
      de: 'Skipisten, Hüttenabende und warme Thermen: Winterurlaub zum Sparpreis.',
      en: 'Ski slopes, cosy evenings and warm thermal baths: winter holidays for less.',
      it: 'Piste da sci, serate in baita e terme calde: vacanze invernali a prezzi ridotti.',
    },
    fits: hasTheme('ski-winter'),
    fallback: hasTheme('chalet', 'wellness'),
  },
  {
    name: 'abgelaufen',
    brand: null,
    promotionType: 'Campaign',
    title: { de: 'Herbstspecial', en: 'Autumn special', it: 'Speciale autunno' },
    description: {
      de: 'Diese Aktion ist beendet.',
      en: 'This promotion has ended.',
      it: 'Questa promozione è terminata.',
    },
    fits: hasTheme('kulinarik'),
    expired: true,
  },
];

const validFrom = new Date(Date.UTC(2026, 0, 1));
// Far enough ahead that the demo's promotions stay current for years.
const validTo = new Date(Date.UTC(2030, 11, 31, 23, 59, 59));
const expiredFrom = new Date(Date.UTC(2025, 8, 1));
const expiredTo = new Date(Date.UTC(2025, 11, 31, 23, 59, 59));

/** Promotions with 20–60 available offers each: fitting ones first, then fill-ins, in a seeded order. */
export function planPromotions(facts: readonly OfferFacts[]): {
  promotions: PromotionRow[];
  promotionOffers: PromotionOfferRow[];
} {
  const promotionRows: PromotionRow[] = [];
  const promotionOfferRows: PromotionOfferRow[] = [];
  plans.forEach((plan, index) => {
    const id = index + 1;
    const owner = plan.brand ? brandId(plan.brand) : null;
    const random = randomFor('promotion', id);
    // A brand may show its exclusive offers; campaigns of every brand only show offers every brand sells.
    const available = facts.filter(
      (offer) => !offer.isSoldOut && (offer.brandId === null || offer.brandId === owner),
    );
    const fitting = available.filter(plan.fits);
    const fillIns = available.filter((offer) => !plan.fits(offer) && (plan.fallback?.(offer) ?? true));
    // Fill-ins only make up for a lack of fitting offers, never just to reach a random size.
    const target = Math.max(20, Math.min(random.int(20, 60), fitting.length));
    const chosen = random.sample(fitting, target);
    if (chosen.length < target) chosen.push(...random.sample(fillIns, target - chosen.length));

    promotionRows.push({
      id,
      brandId: owner,
      name: plan.name,
      promotionType: plan.promotionType,
      type: 'offers',
      title: plan.title,
      description: plan.description,
      isActive: !plan.expired,
      validFrom: plan.expired ? expiredFrom : validFrom,
      validTo: plan.expired ? expiredTo : validTo,
    });
    chosen.forEach((offer, position) => {
      promotionOfferRows.push({ promotionId: id, offerId: offer.id, position });
    });
  });
  return { promotions: promotionRows, promotionOffers: promotionOfferRows };
}
