import { useT } from '#app/lib/shop-data.ts';

/**
 * "statt € 1.130,-", struck through: the line may break after "statt" but never inside the price.
 */
export function InsteadPrice({ price }: { price: string }) {
  const t = useT();
  const text = t('offer.instead', { price });
  const at = text.indexOf(price);
  if (at < 0) return <s className="price-original">{text}</s>;
  return (
    <s className="price-original">
      {text.slice(0, at)}
      <span className="nowrap">{price}</span>
      {text.slice(at + price.length)}
    </s>
  );
}
