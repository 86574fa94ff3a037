/**
 * The catalogue a fresh shop starts with. Brands are invented, but for four Shimano parts, the
 * brand shoppers search by most ("shimano 11 speed", issue 35 item 6); specifications are realistic.
 * Parts are listed by createdAt ascending, so the first six here are what the home page shows:
 * they are picked to be a mix (drivetrain, tyre, saddle, light, pedals).
 */
import type { Merchandising, Part, PartSpecs } from '@sprocket/contract';
import type { ReviewDoc } from '../modules/reviews/reviews.service.js';

/** A part as seeded: the document id is its slug; createdAt orders the listing. */
export type SeedPart = Omit<Part, '_id'> & {
  id: string;
  category: string;
  /** What it fits (docs/decisions/067), where its category has specs that say something. */
  specs?: PartSpecs;
  createdAt: string;
} & Merchandising;

/** The makers: every seeded part's name starts with its brand (docs/decisions/102). */
const BRANDS = [
  'Sprocket Works',
  'Velotrack',
  'Gritline',
  'Perch',
  'Brightlane',
  'Treadle',
  'Stopwell',
  'Halden',
  'Rimrock',
  'Pumpwright',
  'Shimano',
];

/**
 * What some seeded parts say besides their brand: Shimano's part numbers, the weights their
 * descriptions give, and two parts on sale, so that the feed, the product pages' JSON-LD and the
 * struck-through price have something to show (docs/decisions/102).
 */
const MERCHANDISING: Record<string, Omit<Merchandising, 'brand'>> = {
  'gritline-allroad-700x32-tyre': { weight: 380 },
  'perch-contour-saddle': { compareAtPrice: 8499 },
  'gritline-presta-tube-700c': { weight: 115 },
  'treadle-road-clipless-pedals': { weight: 250 },
  'pumpwright-pocket-mini-pump': { weight: 95, compareAtPrice: 2999 },
  'shimano-105-r7000-cassette': { mpn: 'CS-R7000' },
  'shimano-hg601-chain': { mpn: 'CN-HG601' },
  'shimano-ultegra-r8000-rear-derailleur': { mpn: 'RD-R8000' },
  'shimano-deore-m6100-cassette': { mpn: 'CS-M6100' },
};

function brandOf(productName: string): string {
  const brand = BRANDS.find((name) => productName.startsWith(`${name} `));
  if (!brand) throw new Error(`A seeded part's name starts with its brand: ${productName}`);
  return brand;
}

/** A review as seeded, with a deterministic document id. */
export type SeedReview = ReviewDoc & { id: string };

const part = (
  id: string,
  productName: string,
  fields: {
    category: string;
    description: string;
    order: number;
    quantity: number;
    price: number;
    createdAt: string;
    specs?: PartSpecs;
  },
): SeedPart => ({
  id,
  productName,
  img: `/parts/${id}.svg`,
  ...fields,
  brand: brandOf(productName),
  ...MERCHANDISING[id],
});

export const seedParts: SeedPart[] = [
  part('velotrack-cx12-chain', 'Velotrack CX12 12-Speed Chain', {
    category: 'drivetrain',
    description:
      'Hollow-pin 12-speed chain with nickel-plated plates that shift cleanly under load and resist rust. 126 links, cut to length, with a reusable quick link. Fits 12-speed road, gravel and MTB drivetrains.',
    order: 1,
    quantity: 180,
    price: 4299,
    createdAt: '2025-03-03T09:00:00.000Z',
    specs: { speeds: 12 },
  }),
  part('gritline-allroad-700x32-tyre', 'Gritline Allroad 700×32c Tubeless-Ready Tyre', {
    category: 'wheels-and-tyres',
    description:
      'Fast-rolling file-tread centre with grippy shoulder knobs for tarmac, gravel and towpaths. 120 TPI casing, bead-to-bead puncture belt and a foldable aramid bead. Runs tubeless or with a tube; 380 g.',
    order: 1,
    quantity: 120,
    price: 5499,
    createdAt: '2025-03-04T10:30:00.000Z',
    specs: { wheelSize: '700c' },
  }),
  part('perch-contour-saddle', 'Perch Contour Comfort Saddle', {
    category: 'saddles',
    description:
      'Medium-width (145 mm) saddle with a pressure-relief channel, dense foam padding and a water-resistant microfibre cover. Hollow chromoly rails fit any standard 7 mm seatpost clamp. A good all-day fit for commuting and touring.',
    order: 1,
    quantity: 45,
    price: 6999,
    createdAt: '2025-03-05T08:15:00.000Z',
    specs: { saddleWidth: 145 },
  }),
  part('brightlane-f800-front-light', 'Brightlane F800 USB-C Front Light', {
    category: 'lights',
    description:
      '800-lumen front light with a shaped road beam that does not dazzle oncoming traffic. Five modes, up to 20 hours on flash, charges over USB-C in 3 hours and fits 22–35 mm bars with a tool-free strap. IPX6 waterproof.',
    order: 1,
    quantity: 70,
    price: 5999,
    createdAt: '2025-03-06T14:00:00.000Z',
    specs: { lightPosition: 'front', lumens: 800 },
  }),
  part('velotrack-11-34-cassette', 'Velotrack 11-Speed 11–34T Cassette', {
    category: 'drivetrain',
    description:
      'Wide-range 11-speed cassette (11-13-15-17-19-21-23-25-27-30-34) with ramped, nickel-plated steel cogs for smooth shifts. Needs an 11-speed road (HG11) freehub body; lockring included.',
    order: 1,
    quantity: 60,
    price: 7499,
    createdAt: '2025-03-07T11:45:00.000Z',
    specs: { speeds: 11, freehub: 'hg' },
  }),
  part('treadle-grip-flat-pedals', 'Treadle Grip Alloy Flat Pedals', {
    category: 'pedals',
    description:
      'Thin (14 mm) concave alloy platforms with ten replaceable steel pins per side for grip in any shoe. Sealed bearings plus a DU bushing on a chromoly 9/16" axle; installs with a 6 mm hex or a 15 mm pedal spanner.',
    order: 1,
    quantity: 55,
    price: 5499,
    createdAt: '2025-03-08T09:20:00.000Z',
    specs: { pedalSystem: 'flat' },
  }),
  part('velotrack-rd11-rear-derailleur', 'Velotrack RD-11 Clutch Rear Derailleur', {
    category: 'drivetrain',
    description:
      'Long-cage 11-speed rear derailleur with a switchable clutch that keeps the chain quiet and on the cogs over rough ground. Handles cassettes up to 42T with sealed 11-tooth jockey wheels. Direct-mount or standard hanger.',
    order: 1,
    quantity: 35,
    price: 8999,
    createdAt: '2025-03-10T10:00:00.000Z',
    specs: { speeds: 11 },
  }),
  part('stopwell-organic-disc-pads', 'Stopwell Organic Disc Brake Pads', {
    category: 'brakes',
    description:
      'Resin (organic) compound pads with steel backing plates: quiet, strong initial bite and easy on rotors. Sold as a pair with a spring and retaining pin. Fits common two-piston road and MTB calipers; bed in before the first ride.',
    order: 2,
    quantity: 300,
    price: 1899,
    createdAt: '2025-03-11T13:10:00.000Z',
    specs: { brakeType: 'disc' },
  }),
  part('halden-ergo-lock-on-grips', 'Halden Ergo Lock-On Grips', {
    category: 'cockpit',
    description:
      'Ergonomic grips with a flattened palm wing that spreads pressure and eases numb hands on long rides. Soft, textured rubber over a hard core, fixed with a single alloy lock ring that will not twist. 130 mm, for 22.2 mm bars.',
    order: 1,
    quantity: 90,
    price: 2799,
    createdAt: '2025-03-12T15:30:00.000Z',
  }),
  part('gritline-presta-tube-700c', 'Gritline Presta Inner Tube 700×28–35c', {
    category: 'wheels-and-tyres',
    description:
      'Butyl inner tube for 700c tyres from 28 to 35 mm wide, with a 48 mm Presta valve and a removable core so you can add sealant. Each tube is inflation tested before packing. 115 g. A spare in the saddle bag saves the ride.',
    order: 2,
    quantity: 400,
    price: 899,
    createdAt: '2025-03-13T08:40:00.000Z',
    specs: { wheelSize: '700c', valve: 'presta' },
  }),
  part('treadle-road-clipless-pedals', 'Treadle Road Three-Bolt Clipless Pedals', {
    category: 'pedals',
    description:
      'Carbon-composite road pedals with a wide stainless contact plate for efficient power transfer and adjustable release tension. 6° float cleats included. Three-bolt cleat pattern; 250 g per pair on chromoly axles with sealed bearings.',
    order: 1,
    quantity: 40,
    price: 8499,
    createdAt: '2025-03-14T12:00:00.000Z',
    specs: { pedalSystem: 'three-bolt' },
  }),
  part('halden-compact-drop-bar', 'Halden Compact Alloy Drop Bar 42 cm', {
    category: 'cockpit',
    description:
      'Double-butted 6061 alloy drop bar with a short 70 mm reach and 125 mm drop, so the hoods and drops are easy to reach. 31.8 mm clamp, 42 cm wide centre-to-centre, internal routing grooves and printed alignment marks.',
    order: 1,
    quantity: 30,
    price: 5999,
    createdAt: '2025-03-17T09:30:00.000Z',
    specs: { barClamp: '31.8' },
  }),
  part('halden-780-riser-flat-bar', 'Halden 780 mm Alloy Riser Bar', {
    category: 'cockpit',
    description:
      'Wide 780 mm riser bar with 20 mm rise, 9° backsweep and 5° upsweep for confident control on trails and city streets. 35 mm clamp, 7050 alloy and cut marks every 10 mm so you can trim it to your own width.',
    order: 1,
    quantity: 38,
    price: 4499,
    createdAt: '2025-03-18T10:15:00.000Z',
    specs: { barClamp: '35' },
  }),
  part('velotrack-compact-crankset', 'Velotrack 50/34T Compact Crankset 172.5 mm', {
    category: 'drivetrain',
    description:
      'Hollow-forged alloy 11-speed crankset with 50/34 chainrings, an easy gear range for climbs. 24 mm steel spindle fits external-cup BSA and press-fit 24 bottom brackets (sold separately). 172.5 mm arms.',
    order: 1,
    quantity: 18,
    price: 18999,
    createdAt: '2025-03-19T14:45:00.000Z',
    specs: { speeds: 11 },
  }),
  part('velotrack-bsa-bottom-bracket', 'Velotrack BSA Threaded Bottom Bracket 24 mm', {
    category: 'drivetrain',
    description:
      'Threaded English (BSA 68/73 mm) external-cup bottom bracket for 24 mm spindles. Double-sealed cartridge bearings keep grit out; includes the inner sleeve and 2.5 mm spacers. Installs with a standard 16-notch cup tool.',
    order: 1,
    quantity: 75,
    price: 2999,
    createdAt: '2025-03-20T11:00:00.000Z',
    specs: { bottomBracket: 'bsa' },
  }),
  part('halden-tapered-headset', 'Halden Tapered Integrated Headset', {
    category: 'cockpit',
    description:
      'Sealed cartridge-bearing headset for tapered steerers: 1-1/8" upper and 1.5" lower (IS42/IS52), with a split crown race, compression ring and low-stack top cover. Stainless 45×45° bearings resist corrosion.',
    order: 1,
    quantity: 28,
    price: 4299,
    createdAt: '2025-03-21T16:20:00.000Z',
    specs: { steerer: 'tapered' },
  }),
  part('sprocket-works-brake-cable-kit', 'Sprocket Works Brake Cable & Housing Kit', {
    category: 'brakes',
    description:
      'Everything to recable one mechanical brake: a 1.6 mm polished stainless inner cable with road and MTB ends, 2 m of 5 mm low-friction lined housing, ferrules and a crimp end. Sold per brake: order two for front and rear.',
    order: 2,
    quantity: 240,
    price: 1999,
    createdAt: '2025-03-24T09:00:00.000Z',
  }),
  part('sprocket-works-shift-inner-cable', 'Sprocket Works Stainless Shift Inner Cable', {
    category: 'drivetrain',
    description:
      'Die-drawn 1.1 mm stainless shift cable, 2100 mm long, with a slick coating for light, precise indexing. Fits Shimano-style and SRAM road and MTB shifters. Sold singly; minimum order of four to keep spares in the workshop.',
    order: 4,
    quantity: 360,
    price: 349,
    createdAt: '2025-03-25T10:30:00.000Z',
  }),
  part('rimrock-ar30-rim', 'Rimrock AR30 700c Tubeless-Ready Rim', {
    category: 'wheels-and-tyres',
    description:
      'All-road 700c rim with a 25 mm inner width for 28–45 mm tyres, a hooked bead and a tubeless-ready centre channel. Welded seam, 28 eyeleted spoke holes, disc-brake only. 470 g. Rim tape and valve not included.',
    order: 1,
    quantity: 22,
    price: 8999,
    createdAt: '2025-03-26T13:00:00.000Z',
    specs: { wheelSize: '700c', brakeType: 'disc' },
  }),
  part('rimrock-centerlock-rear-hub', 'Rimrock CL Rear Disc Hub 28h', {
    category: 'wheels-and-tyres',
    description:
      'Center Lock disc rear hub, 12×142 mm thru-axle, 28 holes, with an HG 11-speed freehub and a 36-point ratchet for quick engagement. Four sealed cartridge bearings; end caps swap tool-free. Tall flanges for J-bend spokes.',
    order: 1,
    quantity: 20,
    price: 14999,
    createdAt: '2025-03-27T15:40:00.000Z',
    specs: { axle: '12x142', brakeType: 'disc', rotorMount: 'center-lock', freehub: 'hg' },
  }),
  part('brightlane-r60-rear-light', 'Brightlane R60 Rear Light', {
    category: 'lights',
    description:
      'Compact 60-lumen rear light with a 240° side-visible lens and a daytime flash you can see a kilometre away. Up to 30 hours on pulse, USB-C charging, and a silicone strap that fits round, aero and seatpost shapes.',
    order: 1,
    quantity: 110,
    price: 2999,
    createdAt: '2025-03-28T08:50:00.000Z',
    specs: { lightPosition: 'rear', lumens: 60 },
  }),
  part('pumpwright-track-floor-pump', 'Pumpwright Track Floor Pump with Gauge', {
    category: 'accessories',
    description:
      'Steel-barrel workshop floor pump reaching 160 psi (11 bar) with a large, easy-read gauge at the base. The dual head fits Presta and Schrader without swapping parts; wide steel base and long hose make it stable in daily use.',
    order: 1,
    quantity: 15,
    price: 4999,
    createdAt: '2025-03-31T10:10:00.000Z',
  }),
  part('pumpwright-pocket-mini-pump', 'Pumpwright Pocket Mini Pump', {
    category: 'accessories',
    description:
      'Alloy mini pump, 19 cm and 95 g, that reaches 100 psi for road tyres or moves high volume for MTB tyres. Presta/Schrader head with a lock lever and a hidden hose; includes a bottle-cage mount bracket and strap.',
    order: 1,
    quantity: 85,
    price: 2499,
    createdAt: '2025-04-01T12:25:00.000Z',
  }),
  part('sprocket-works-dry-chain-lube', 'Sprocket Works Dry Chain Lube 120 ml', {
    category: 'accessories',
    description:
      'Wax-based dry lube for dusty and dry conditions: goes on wet, penetrates the rollers, then dries to a clean film that does not attract grit. One drop per roller on a clean chain; reapply every 150–200 km. Precision drip tip.',
    order: 2,
    quantity: 220,
    price: 999,
    createdAt: '2025-04-02T09:35:00.000Z',
  }),
  part('stopwell-160mm-disc-rotor', 'Stopwell 160 mm 6-Bolt Disc Rotor', {
    category: 'brakes',
    description:
      'One-piece stainless disc rotor, 160 mm, 1.8 mm thick, with a wave-cut braking track that sheds heat and mud. 6-bolt IS mount; T25 bolts included. Works with resin and sintered pads. A common size for road, gravel and XC.',
    order: 1,
    quantity: 65,
    price: 3499,
    createdAt: '2025-04-03T14:15:00.000Z',
    specs: { brakeType: 'disc', rotorMount: '6-bolt', rotorSize: 160 },
  }),
  part('halden-cork-bar-tape', 'Halden Cork Bar Tape', {
    category: 'cockpit',
    description:
      'Cushioned cork-blend bar tape, 3 mm thick with a foam backing and a gentle adhesive strip that wraps neatly round drop bars and hoods. Includes two rolls, finishing tape and expanding bar-end plugs. Wipes clean with a damp cloth.',
    order: 1,
    quantity: 95,
    price: 2199,
    createdAt: '2025-04-04T11:05:00.000Z',
  }),
  part('stopwell-rim-brake-pads', 'Stopwell Cartridge Rim Brake Pads', {
    category: 'brakes',
    description:
      'Road cartridge brake shoes with alloy holders and replaceable all-weather inserts for alloy rims. Angled water channels clear spray for consistent wet braking. Sold as a pair (one brake); order two pairs for front and rear.',
    order: 2,
    quantity: 150,
    price: 1499,
    createdAt: '2025-04-07T10:00:00.000Z',
    specs: { brakeType: 'rim', brakeMount: 'rim' },
  }),
  part('shimano-105-r7000-cassette', 'Shimano 105 CS-R7000 11-Speed Cassette 11–30T', {
    category: 'drivetrain',
    description:
      'Road cassette (11-12-13-14-15-17-19-21-24-27-30) with Hyperglide ramps for quick, quiet shifts under power. The three largest cogs ride on a light alloy carrier. Fits an HG road freehub body.',
    order: 1,
    quantity: 42,
    price: 5999,
    createdAt: '2025-04-08T09:00:00.000Z',
    specs: { speeds: 11, freehub: 'hg' },
  }),
  part('shimano-hg601-chain', 'Shimano 105 CN-HG601 11-Speed Chain', {
    category: 'drivetrain',
    description:
      'Directional road and gravel chain with chrome-plated pins and SIL-TEC coated inner links that run quietly and last. 116 links, joined with the quick link included.',
    order: 1,
    quantity: 130,
    price: 3299,
    createdAt: '2025-04-08T11:30:00.000Z',
    specs: { speeds: 11 },
  }),
  part('shimano-ultegra-r8000-rear-derailleur', 'Shimano Ultegra RD-R8000 Rear Derailleur', {
    category: 'drivetrain',
    description:
      'Low-profile Shadow road rear derailleur with a medium cage for cassettes up to 34T. Crisp, light shifting and sealed jockey wheel bearings; mounts to a standard hanger.',
    order: 1,
    quantity: 16,
    price: 11999,
    createdAt: '2025-04-09T10:15:00.000Z',
    specs: { speeds: 11 },
  }),
  part('shimano-deore-m6100-cassette', 'Shimano Deore CS-M6100 12-Speed Cassette 10–51T', {
    category: 'drivetrain',
    description:
      'Wide-range mountain bike cassette with a 510% spread, from a 10T top gear to a 51T climbing cog. Needs a Micro Spline freehub body.',
    order: 1,
    quantity: 24,
    price: 6999,
    createdAt: '2025-04-09T15:45:00.000Z',
    specs: { speeds: 12, freehub: 'microspline' },
  }),
];

/** Parts first seeded in version 4 of the catalogue, added to a shop seeded before (seed-store.ts). */
export const PARTS_ADDED_IN_4: ReadonlySet<string> = new Set([
  'shimano-105-r7000-cassette',
  'shimano-hg601-chain',
  'shimano-ultegra-r8000-rear-derailleur',
  'shimano-deore-m6100-cassette',
]);

function seededPart(id: string): SeedPart {
  const found = seedParts.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`Seed review refers to an unknown part: ${id}`);
  return found;
}

const review = (
  n: number,
  partId: string,
  fields: { email: string; name?: string; review: string; rating: number; createdAt: string },
): SeedReview => {
  const { productName, img } = seededPart(partId);
  return {
    id: `seed-review-${String(n).padStart(2, '0')}`,
    partId,
    productName,
    img,
    ...fields,
  };
};

export const seedReviews: SeedReview[] = [
  review(1, 'velotrack-cx12-chain', {
    email: 'maya.okafor@example.com',
    name: 'Maya Okafor',
    review:
      'Shifts as crisply as the original chain that came on my gravel bike, and the quick link goes on by hand. 2,000 km in and it has barely stretched.',
    rating: 5,
    createdAt: '2025-04-09T18:12:00.000Z',
  }),
  review(2, 'gritline-allroad-700x32-tyre', {
    email: 'tom.lindqvist@example.com',
    name: 'Tom Lindqvist',
    review:
      'Seated tubeless with a track pump and held air overnight. Quick on the road and surprisingly grippy on dry gravel. Wet roots are another story.',
    rating: 4,
    createdAt: '2025-04-11T07:45:00.000Z',
  }),
  review(3, 'perch-contour-saddle', {
    email: 'priya.raman@example.com',
    name: 'Priya Raman',
    review:
      'The centre channel made a real difference on my 40 km commute. Firm at first, comfortable after a week.',
    rating: 5,
    createdAt: '2025-04-12T20:30:00.000Z',
  }),
  review(4, 'brightlane-f800-front-light', {
    email: 'jonas.weber@example.com',
    name: 'Jonas Weber',
    review:
      'Bright enough for unlit lanes and the cut-off beam means drivers stop flashing me. The strap is fiddly on a 35 mm bar.',
    rating: 4,
    createdAt: '2025-04-14T21:05:00.000Z',
  }),
  review(5, 'velotrack-11-34-cassette', {
    email: 'lucia.ferrari@example.com',
    name: 'Lucia Ferrari',
    review:
      'The 34 gets me up the steep stuff with loaded panniers. Indexing was spot on after a quarter turn of the barrel adjuster.',
    rating: 5,
    createdAt: '2025-04-16T09:50:00.000Z',
  }),
  review(6, 'treadle-grip-flat-pedals', {
    email: 'sam.adeyemi@example.com',
    name: 'Sam Adeyemi',
    review:
      'Huge grip with skate shoes, and thin enough that I clip fewer rocks. Watch your shins: the pins mean business.',
    rating: 5,
    createdAt: '2025-04-18T16:20:00.000Z',
  }),
  review(7, 'stopwell-organic-disc-pads', {
    email: 'hannah.brooks@example.com',
    review:
      'Quiet and strong once bedded in, but they wore down fast over a wet spring. Fine for dry-weather riding.',
    rating: 3,
    createdAt: '2025-04-21T12:00:00.000Z',
  }),
  review(8, 'halden-ergo-lock-on-grips', {
    email: 'diego.morales@example.com',
    name: 'Diego Morales',
    review:
      'My numb fingers on long rides are gone. The wings take a few rides to angle right, then you forget they are there.',
    rating: 5,
    createdAt: '2025-04-23T08:35:00.000Z',
  }),
  review(9, 'pumpwright-track-floor-pump', {
    email: 'aiko.tanaka@example.com',
    name: 'Aiko Tanaka',
    review:
      'Solid and stable, the gauge is easy to read and matches my digital gauge within 2 psi. The head is a little stiff on Presta at first.',
    rating: 4,
    createdAt: '2025-04-25T19:40:00.000Z',
  }),
  review(10, 'gritline-presta-tube-700c', {
    email: 'customer@sprocket.test',
    name: 'Casey Customer',
    review:
      'Exactly what it says. Removable core is handy, and they fold small enough for a saddle bag.',
    rating: 5,
    createdAt: '2025-04-28T10:15:00.000Z',
  }),
  review(11, 'halden-compact-drop-bar', {
    email: 'ben.carter@example.com',
    name: 'Ben Carter',
    review:
      'The short reach finally let me use the drops comfortably. Alignment marks made setting up the levers easy. Slightly heavier than listed.',
    rating: 4,
    createdAt: '2025-05-01T17:25:00.000Z',
  }),
  review(12, 'sprocket-works-dry-chain-lube', {
    email: 'nora.haddad@example.com',
    name: 'Nora Haddad',
    review:
      'Keeps the drivetrain clean on dusty trails, but it needs reapplying after rain. Great value for a bottle that lasts months.',
    rating: 4,
    createdAt: '2025-05-03T13:55:00.000Z',
  }),
];
