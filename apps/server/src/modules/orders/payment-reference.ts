/**
 * The reference a bank transfer must quote: the brand and the order, e.g. `AUTOCLUB-00001234`. Bank
 * statements are matched by it and the amount (modules/bank).
 */
export function paymentReference(brandShort: string, orderId: number): string {
  return `${brandShort.toUpperCase()}-${String(orderId).padStart(8, '0')}`;
}
