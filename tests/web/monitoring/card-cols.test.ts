import { describe, expect, it } from 'vitest';
import { cardCols, cardsToShow } from '../../../src/features/monitoring/shared/view/cards';

/** Every row of the dashboard is full, whatever cards the user keeps and in whatever order (at the xl breakpoint). */
const xlWidths = (cards: Parameters<typeof cardCols>[0]) => {
  const cols = cardCols(cards);
  return cards.map((card) => cols[card]!.xl ?? cols[card]!.span);
};

describe("the dashboard's card widths", () => {
  it('keep the default layout for the default order', () => {
    expect(xlWidths(cardsToShow(undefined, 'ESS1', true))).toEqual([7, 10, 7, 24, 24, 14, 10, 12, 12]);
  });

  it("'All' (no weather, no components): income and faults share a row instead of each leaving a gap", () => {
    expect(xlWidths(cardsToShow(undefined, 'All', false))).toEqual([7, 10, 7, 24, 24, 12, 12]);
  });

  it('a card whose row partner is hidden or moved takes the whole row; two top cards share it', () => {
    expect(xlWidths(['flow', 'today', 'day', 'faults'])).toEqual([12, 12, 24, 24]);
    expect(xlWidths(['income', 'day', 'weather', 'faults', 'components'])).toEqual([24, 24, 12, 12, 24]);
    expect(xlWidths(['figures'])).toEqual([24]);
  });
});
