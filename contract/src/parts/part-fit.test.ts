import { describe, expect, it } from 'vitest';
import { relatedParts, RELATED_PARTS_SHOWN, type FitCandidate } from './part-fit.js';
import type { PartSpecs } from './specs.js';

let made = 0;
function part(
  category: string,
  specs: PartSpecs,
  more: Partial<FitCandidate> = {},
): FitCandidate & { name: string } {
  made += 1;
  return {
    _id: `p${made}`,
    name: `${category} ${JSON.stringify(specs)}`,
    category,
    price: 5000,
    quantity: 10,
    order: 1,
    averageRating: null,
    specs,
    variants: [],
    ...more,
  };
}

const cassette = part('drivetrain', { speeds: 11, freehub: 'hg' });
const chain11 = part('drivetrain', { speeds: 11 });
const chain12 = part('drivetrain', { speeds: 12 });
const cassette12 = part('drivetrain', { speeds: 12, freehub: 'microspline' });
const soldOutCassette = part('drivetrain', { speeds: 11, freehub: 'hg' }, { quantity: 0 });
const hgHub = part('wheels-and-tyres', { freehub: 'hg', brakeType: 'disc' });
const microsplineHub = part('wheels-and-tyres', { freehub: 'microspline' });
const saddle = part('saddles', { saddleWidth: 145 });
const catalogue = [
  cassette,
  chain11,
  chain12,
  cassette12,
  soldOutCassette,
  hgHub,
  microsplineHub,
  saddle,
];
const names = (parts: readonly { _id: string }[]) =>
  parts.map((found) => catalogue.find((candidate) => candidate._id === found._id)?.name);

describe('the parts a product page offers beside its part', () => {
  it('fits: parts of another kind sharing a standard and disagreeing on none', () => {
    // An 11-speed HG cassette takes an 11-speed chain and an HG hub; not a 12-speed chain, not a
    // Microspline hub, and a saddle has no standard in common.
    expect(names(relatedParts(cassette, catalogue).fits)).toEqual([chain11.name, hgHub.name]);
  });

  it('related: its own kind first, in stock first, then the rest of its category', () => {
    // The other cassettes are alternatives, not companions, even the one that fits the same bike.
    expect(names(relatedParts(cassette, catalogue).related)).toEqual([
      cassette12.name,
      soldOutCassette.name,
      chain12.name,
    ]);
  });

  it('never offers the part itself, and a part with no standards fits nothing', () => {
    const { fits, related } = relatedParts(saddle, catalogue);
    expect(fits).toEqual([]);
    expect(related).toEqual([]);
    expect(relatedParts(cassette, catalogue).related.map((found) => found._id)).not.toContain(
      cassette._id,
    );
  });

  it('the most standards in common come first', () => {
    const rim = part('wheels-and-tyres', { wheelSize: '700c', brakeType: 'disc' });
    const discHub700 = part('wheels-and-tyres', { brakeType: 'disc', axle: '12x142' });
    const tube = part('wheels-and-tyres', { wheelSize: '700c', valve: 'presta' });
    const rotor = part('brakes', { brakeType: 'disc', rotorMount: '6-bolt' });
    const twoInCommon = part('brakes', { brakeType: 'disc', brakeMount: 'flat', rotorMount: 'x' });
    const disc = part('wheels-and-tyres', {
      wheelSize: '700c',
      brakeType: 'disc',
      valve: 'presta',
    });
    const { fits } = relatedParts(disc, [rim, discHub700, tube, rotor, twoInCommon]);
    // The tube shares two standards (700c, Presta), the rim two (700c, disc); the rest one.
    expect(
      fits
        .slice(0, 2)
        .map((found) => found._id)
        .sort(),
    ).toEqual([rim._id, tube._id].sort());
  });

  it("a size's own specifications count: a tyre sold in 700c and 650b fits a 650b rim", () => {
    const tyre = part(
      'wheels-and-tyres',
      { valve: 'presta', tyreWidth: 40 },
      {
        variants: [
          { quantity: 3, specs: { wheelSize: '700c' } },
          { quantity: 3, specs: { wheelSize: '650b' } },
        ],
      },
    );
    const rim650 = part('wheels-and-tyres', { wheelSize: '650b', brakeType: 'disc' });
    const rim26 = part('wheels-and-tyres', { wheelSize: '26', brakeType: 'disc' });
    expect(relatedParts(tyre, [rim650, rim26]).fits.map((found) => found._id)).toEqual([
      rim650._id,
    ]);
  });

  it(`shows at most ${RELATED_PARTS_SHOWN} of each`, () => {
    const chains = Array.from({ length: 9 }, () => part('drivetrain', { speeds: 11 }));
    const { fits, related } = relatedParts(cassette, chains);
    expect(fits).toHaveLength(RELATED_PARTS_SHOWN);
    expect(related).toEqual([]);
  });
});
