/**
 * The grids of cards as static CSS (docs/decisions/116): the rules MUI's Grid made for a container
 * and its cells (flex with a gap, each cell's width from the 12 columns less its share of the
 * gaps), with the same calculations, so the cards sit where they sat. Home, All Parts and Reviews
 * have a dozen or more cells each, which emotion styled as the page hydrated.
 */
export const CARD_GRID_CSS = `
.card-grid {
  --card-grid-gap: 20px;
  display: flex;
  flex-flow: wrap;
  min-width: 0;
  box-sizing: border-box;
  gap: var(--card-grid-gap);
}
@media (min-width: 900px) {
  .card-grid {
    --card-grid-gap: 24px;
  }
  .card-grid.card-grid-roomy {
    --card-grid-gap: 28px;
  }
}
.card-grid > * {
  flex-grow: 0;
  flex-basis: auto;
  width: 100%;
  min-width: 0;
  box-sizing: border-box;
}
@media (min-width: 600px) {
  .card-grid > * {
    width: calc(100% * 6 / 12 - 6 * (var(--card-grid-gap) / 12));
  }
}
@media (min-width: 1200px) {
  .card-grid > * {
    width: calc(100% * 4 / 12 - 8 * (var(--card-grid-gap) / 12));
  }
  .card-grid.card-grid-four > * {
    width: calc(100% * 3 / 12 - 9 * (var(--card-grid-gap) / 12));
  }
}
`;

/** The grid's look: a gap of 24 px from 900 px wide (28 px when roomy), 3 cells a row or 4. */
export interface CardGridLayout {
  roomy?: boolean;
  fourWide?: boolean;
}

export const cardGridClass = ({ roomy, fourWide }: CardGridLayout) =>
  ['card-grid', roomy && 'card-grid-roomy', fourWide && 'card-grid-four'].filter(Boolean).join(' ');
