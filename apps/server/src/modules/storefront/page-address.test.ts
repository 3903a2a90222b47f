import { describe, expect, it } from 'vitest';
import { pageAddress } from './page-address.ts';

describe('the address a page is rendered and cached by', () => {
  it('drops parameters no page reads, so junk neither splits nor bypasses the cache', () => {
    expect(pageAddress('/?cb=0.123')).toBe('/');
    expect(pageAddress('/urlaub/hotel/angebot?utm_source=news&utm_medium=mail&fbclid=x')).toBe(
      '/urlaub/hotel/angebot',
    );
    expect(pageAddress('/urlaub-finden?q=rom&cb=1')).toBe('/urlaub-finden?q=rom');
  });

  it('keeps what pages read, in one order whatever order the visitor wrote', () => {
    expect(pageAddress('/urlaub-finden?sort=price-asc&q=rom&page=2')).toBe(
      pageAddress('/urlaub-finden?page=2&q=rom&sort=price-asc'),
    );
    expect(pageAddress('/?lang=en')).toBe('/?lang=en');
    expect(pageAddress('/urlaub-finden.data?q=rom&_routes=routes%2Fsearch')).toBe(
      '/urlaub-finden.data?_routes=routes%2Fsearch&q=rom',
    );
  });

  it('leaves checkout and order pages as they came (providers append their own parameters)', () => {
    const back = '/checkout/authorize?provider=paypal&orderId=4&token=EC-1&PayerID=X';
    expect(pageAddress(back)).toBe(back);
    expect(pageAddress('/view/4/Key?x=1')).toBe('/view/4/Key?x=1');
  });
});
