/**
 * The money rules of an order, in integer cents (DESIGN.md): the subtotal of its lines, the promotion
 * code's discount and the gift-card amounts, and what is left to pay. Pure, so the rules are tested
 * without a database and every caller computes them the same way.
 */
export type PricedLine = { quantity: number; unitPriceCents: number };

export type ReductionTerms = {
  operation: '+' | '%';
  /** Cents for '+', basis points (1/10000) for '%'. */
  value: number;
  minimumOrderCents: number;
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
 */
export function discountFor(subtotalCents: number, reduction: ReductionTerms | null): number {
  if (!reduction || subtotalCents <= 0 || subtotalCents < reduction.minimumOrderCents) return 0;
  const discount =
    reduction.operation === '+' ? reduction.value : Math.round((subtotalCents * reduction.value) / 10_000);
  return discount >= subtotalCents || discount < 0 ? 0 : discount;
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
  const discountCents = discountFor(subtotalCents, reduction);
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
