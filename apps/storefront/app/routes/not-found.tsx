import { notFound } from '#app/lib/api.server.ts';

/** /404 and every unknown path: the root error boundary shows "Oops" with an HTTP 404. */
export function loader() {
  notFound();
}

export default function NotFoundRoute() {
  return null;
}
