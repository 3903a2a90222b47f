import type { ConsentChoice } from '@shop/contracts/consent';
import { readStored, storageKeys, writeStored } from '#app/lib/browser-storage.ts';

/**
 * The visitor's cookie answer, kept where SPEC §9 says (`cookieConsent`: 'true' = all cookies, 'false' =
 * just the necessary ones), and whether the banner asks: on the first visit, and again when the visitor
 * opens the cookie settings from the footer. One store, so that the banner, the footer link and the tag
 * loader agree.
 */

export type ConsentState = {
  /** null: not answered yet (or storage blocked). */
  choice: ConsentChoice | null;
  /** The banner shows. */
  isAsking: boolean;
  /** Opened from the footer: focus goes into the banner, and back to the opener after the answer. */
  isReopened: boolean;
};

const storageKey = storageKeys.cookieConsent;

/** What the server renders: the banner, which the inline script below hides for visitors who answered. */
const serverState: ConsentState = { choice: null, isAsking: true, isReopened: false };

/**
 * Marks <html data-cookie-consent> before the first paint when the visitor has answered already, so the
 * server-rendered banner never flashes for them. Runs as an inline script in <head>.
 */
export const cookieConsentScript = `try{if(localStorage.getItem(${JSON.stringify(storageKey)})!==null)document.documentElement.dataset.cookieConsent="answered"}catch(e){}`;

function storedChoice(): ConsentChoice | null {
  const stored = readStored(storageKey);
  return stored === 'true' ? 'all' : stored === 'false' ? 'necessary' : null;
}

let state: ConsentState | null = null;
const listeners = new Set<() => void>();

function set(next: ConsentState) {
  state = next;
  // The stylesheet hides the banner while <html> is marked answered: unmark it while the banner asks.
  if (next.isAsking) delete document.documentElement.dataset.cookieConsent;
  else document.documentElement.dataset.cookieConsent = 'answered';
  for (const listener of listeners) listener();
}

export const consentStore = {
  get(): ConsentState {
    if (!state) {
      const choice = storedChoice();
      state = { choice, isAsking: choice === null, isReopened: false };
    }
    return state;
  },
  getServer(): ConsentState {
    return serverState;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores the answer (storage blocked: the banner asks again on the next page rather than fail). */
  answer(choice: ConsentChoice): void {
    writeStored(storageKey, String(choice === 'all'));
    set({ choice, isAsking: false, isReopened: false });
  },
  /** The footer's "Cookie settings": asks again, the current answer stays until a new one is given. */
  reopen(): void {
    set({ ...consentStore.get(), isAsking: true, isReopened: true });
  },
};

/** The random id this browser's consent records carry (no person behind it: a UUID made here). */
const visitorKey = 'consentVisitor';

/** The id of this browser's earlier answers, if it gave any (shown in the cookie settings). */
export function knownConsentVisitorId(): string | null {
  const known = readStored(visitorKey);
  return known && /^[0-9a-f-]{36}$/.test(known) ? known : null;
}

export function consentVisitorId(newId: () => string): string {
  const known = knownConsentVisitorId();
  if (known) return known;
  const id = newId();
  writeStored(visitorKey, id);
  return id;
}
