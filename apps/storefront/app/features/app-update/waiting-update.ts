/**
 * The update the service worker has waiting, as the page shell sees it. The registration code loads
 * after the first paint; the shell only needs to know whether to turn the next
 * navigation into a full page load of the new version, so this is all it carries.
 */
type Activate = (nextUrl?: string) => void;

let activate: Activate | null = null;

export function setWaitingUpdate(next: Activate | null): void {
  activate = next;
}

/** Activates a waiting version, then loads `nextUrl` (else the current page) in it. False: none waits. */
export function activateWaitingUpdate(nextUrl?: string): boolean {
  if (!activate) return false;
  const run = activate;
  activate = null;
  run(nextUrl);
  return true;
}
