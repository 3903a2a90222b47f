/**
 * The money rules of an order, in integer cents (DESIGN.md): the subtotal of its lines, the promotion
 * code's discount and the gift-card amounts, and what is left to pay. Pure, so the rules are tested
 * without a database and every caller computes them the same way.
 */
export type PricedLine = { quantity: number; unitPriceCents: number; offerId?: number };

export type ReductionTerms = {
  operation: '+' | '%';
  /** Cents for '+', basis points (1/10000) for '%'. */
  value: number;
  minimumOrderCents: number;
  /** The offers whose lines the code reduces; null or absent: every line. */
  offerIds?: readonly number[] | null;
};

export type CardBalance = { id: number; balanceCents: number };

export type OrderTotals = {
  subtotalCents: number;
  discountCents: number;
  prepaid: { id: number; amountCents: number }[];
  prepaidCents: number;
  totalCents: number;
};

export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
}

/**
 * SPEC §4: '+' takes the value off, '%' multiplies by one minus the value; a result of zero or less
 * keeps the original price (no discount), and below the minimum order value the code gives nothing.
 * A code for some offers reduces only their lines (`eligibleCents`); the minimum is the whole order's.
 */
export function discountFor(
  subtotalCents: number,
  reduction: ReductionTerms | null,
  eligibleCents = subtotalCents,
): number {
  if (!reduction || eligibleCents <= 0 || subtotalCents < reduction.minimumOrderCents) return 0;
  const discount =
    reduction.operation === '+' ? reduction.value : Math.round((eligibleCents * reduction.value) / 10_000);
  return discount >= eligibleCents || discount < 0 ? 0 : discount;
}

/** Whether the code reduces a line of this offer. */
export function reducesOffer(
  reduction: Pick<ReductionTerms, 'offerIds'>,
  offerId: number | undefined,
): boolean {
  return !reduction.offerIds || (offerId !== undefined && reduction.offerIds.includes(offerId));
}

/** Gift cards pay what is left, in the order they were applied, each up to its balance. */
export function allocatePrepaid(dueCents: number, cards: readonly CardBalance[]): OrderTotals['prepaid'] {
  let left = dueCents;
  return cards.map((card) => {
    const amountCents = Math.max(0, Math.min(left, card.balanceCents));
    left -= amountCents;
    return { id: card.id, amountCents };
  });
}

export function totalsOf(
  lines: readonly PricedLine[],
  reduction: ReductionTerms | null,
  cards: readonly CardBalance[],
): OrderTotals {
  const subtotalCents = subtotalOf(lines);
  const eligibleCents = reduction
    ? subtotalOf(lines.filter((line) => reducesOffer(reduction, line.offerId)))
    : subtotalCents;
  const discountCents = discountFor(subtotalCents, reduction, eligibleCents);
  const prepaid = allocatePrepaid(subtotalCents - discountCents, cards);
  const prepaidCents = prepaid.reduce((sum, card) => sum + card.amountCents, 0);
  return {
    subtotalCents,
    discountCents,
    prepaid,
    prepaidCents,
    totalCents: subtotalCents - discountCents - prepaidCents,
  };
}
