import { redirect } from 'react-router';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/** SPEC §2 aliases /checkout/*: any other address below it leads to the checkout itself. */
export function loader({ request }: LoaderArgs) {
  const { search } = new URL(request.url);
  throw redirect(`/checkout${search}`, 301);
}

export default function CheckoutAliasRoute() {
  return null;
}
