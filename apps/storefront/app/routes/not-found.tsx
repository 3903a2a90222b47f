import { notFoundWithWaysOn } from '#app/features/search/ways-on.server.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/**
 * /404 and every unknown path: the root error boundary shows "Oops" with an HTTP 404, and the top
 * deals this loader brings (an old newsletter's or a mistyped link's way on; issue 13).
 */
export async function loader({ context: { shop } }: LoaderArgs) {
  return notFoundWithWaysOn(shop);
}

export default function NotFoundRoute() {
  return null;
}
