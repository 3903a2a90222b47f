import type { AccessToken } from '@shop/contracts/accounts';
import type { Problem } from '@shop/contracts/problem';
import { api, connectSession } from './api-client.ts';
import { readStored, storageKeys, writeStored } from './browser-storage.ts';
import { continueWithCart, forgetCart, storedCartAccess } from './orders/cart-store.ts';
import { createStore, useStore } from './store.ts';

/**
 * SPEC §4 "Session": the signed-in customer's access token with its computed expiry and the user (the
 * JWT's `id` and `sub`), kept in browser storage and loaded at start while it has not expired. Before a
 * call the token is refreshed when it runs out within 10 minutes (one refresh at a time); a failed
 * refresh deletes token and user. The refresh credential is an HttpOnly cookie the browser sends itself.
 * The login window lives here too: the header opens it, and so does a call the server refused (SPEC §6).
 */

/** SPEC §9: a token that expires within this is refreshed before the next call. */
export const refreshMarginMs = 10 * 60_000;

export type SessionUser = { id: string; name: string };
export type Session = { token: string; expiresAt: number; user: SessionUser };

/** Why the login window is open: the visitor asked, a call found the session ended, or a page needs one. */
export type LoginReason = 'asked' | 'expired' | 'required';

export type SessionState = {
  /** 'unknown' on the server and until the browser has read its storage. */
  phase: 'unknown' | 'ready';
  session: Session | null;
  login: LoginReason | null;
};

export const sessionStore = createStore<SessionState>({ phase: 'unknown', session: null, login: null });

export const useSessionPhase = () => useStore(sessionStore, (state) => state.phase, 'unknown');
export const useSignedInUser = () => useStore(sessionStore, (state) => state.session?.user ?? null, null);
export const useLoginReason = () => useStore(sessionStore, (state) => state.login, null);

// ---------------------------------------------------------------------------------------------------
// The stored session

/** At start: the stored session, if it has not expired (an expired one is deleted). */
export function loadStoredSession(now = Date.now()): void {
  followOtherTabs();
  const stored = decodeSession(readStored(storageKeys.accessToken));
  const session = stored && stored.expiresAt > now ? stored : null;
  if (!session && readStored(storageKeys.accessToken) !== null) writeStored(storageKeys.accessToken, null);
  sessionStore.set((state) => ({ ...state, phase: 'ready', session }));
}

function startSession(accessToken: AccessToken, now = Date.now()): Session {
  const session: Session = {
    token: accessToken.token,
    expiresAt: now + accessToken.expiresIn * 1000,
    user: userOf(accessToken.token),
  };
  writeStored(storageKeys.accessToken, JSON.stringify(session));
  sessionStore.set((state) => ({ ...state, phase: 'ready', session }));
  return session;
}

function endSession(): void {
  writeStored(storageKeys.accessToken, null);
  sessionStore.set((state) => ({ ...state, phase: 'ready', session: null }));
}

/** The JWT's payload: `id` and `sub` name the customer (no verification here: the server checks it). */
function userOf(token: string): SessionUser {
  try {
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(payload), (character) => character.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as { id?: unknown; sub?: unknown };
    return { id: String(claims.id ?? ''), name: String(claims.sub ?? '') };
  } catch {
    return { id: '', name: '' };
  }
}

function decodeSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    if (typeof value.token !== 'string' || typeof value.expiresAt !== 'number') return null;
    const user = value.user;
    return {
      token: value.token,
      expiresAt: value.expiresAt,
      user:
        typeof user?.id === 'string' && typeof user.name === 'string'
          ? { id: user.id, name: user.name }
          : userOf(value.token),
    };
  } catch {
    return null;
  }
}

let isFollowing = false;

/** Another tab signed in, refreshed or signed out: this one follows (and refreshes no rotated cookie twice). */
function followOtherTabs(): void {
  if (isFollowing || typeof window.addEventListener !== 'function') return;
  isFollowing = true;
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.accessToken) loadStoredSession();
  });
}

// ---------------------------------------------------------------------------------------------------
// What the API client asks (api-client.ts)

type CallToken = { token: string | null; endedBy?: Problem };

let refreshing: Promise<CallToken> | null = null;

/** The token for the next call, refreshed first when it expires within 10 minutes; null when signed out. */
export async function accessToken(): Promise<CallToken> {
  if (sessionStore.get().phase === 'unknown') loadStoredSession();
  const session = sessionStore.get().session;
  if (!session) return { token: null };
  if (session.expiresAt - Date.now() > refreshMarginMs) return { token: session.token };
  refreshing ??= refresh(session).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refresh(session: Session): Promise<CallToken> {
  const result = await api('POST /api/auth/connect/refresh', {
    action: 'lookup',
    auth: 'none',
    isSilent: true,
    body: { accessToken: session.token },
  });
  if (result.ok) return { token: startSession(result.data.accessToken).token };
  // No answer says nothing about the session: it stays, and the call finds out whether it is online.
  if (result.failure.kind === 'network') return { token: session.token };
  // SPEC §4: a failed refresh deletes token and user (the caller asks the customer to sign in again).
  if (sessionStore.get().session === session) endSession();
  return { token: session.token, endedBy: result.failure.problem };
}

/** A call was answered 401 with code 101 (the token was refused, or the call needs one). */
function signInAgain(refusedToken: string | null, shouldAsk: boolean): Promise<boolean> {
  const current = sessionStore.get().session;
  // Signed in again meanwhile (another call's login window): repeat with the new token.
  if (refusedToken && current && current.token !== refusedToken) return Promise.resolve(true);
  if (refusedToken && current) endSession();
  if (!shouldAsk) return Promise.resolve(refusedToken !== null);
  return askToSignIn(refusedToken ? 'expired' : 'required');
}

connectSession({ accessToken, signInAgain });

// ---------------------------------------------------------------------------------------------------
// The login window

let waiting: ((isSignedIn: boolean) => void)[] = [];

function settleWaiting(isSignedIn: boolean): void {
  const callers = waiting;
  waiting = [];
  for (const resolve of callers) resolve(isSignedIn);
}

export function openLogin(reason: LoginReason = 'asked'): void {
  sessionStore.set((state) =>
    state.login && (state.login !== 'asked' || reason === 'asked') ? state : { ...state, login: reason },
  );
}

/** Opens the login window for a call; true once the customer has signed in, false when they close it. */
export function askToSignIn(reason: LoginReason): Promise<boolean> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    openLogin(reason);
  });
}

/** Closed without signing in: the calls waiting for it fail as they were answered. */
export function closeLogin(): void {
  sessionStore.set((state) => (state.login ? { ...state, login: null } : state));
  settleWaiting(false);
}

// ---------------------------------------------------------------------------------------------------
// Signing in and out

export type SignInResult =
  | { ok: true }
  | { ok: false; errors: string[]; fieldErrors: Record<string, string> };

/**
 * SPEC §4/§6: credentials plus the current cart; the token is stored with its expiry, the cart the server
 * answers becomes the current one (read afresh), the login window closes and waiting calls are replayed.
 */
export async function signIn(userName: string, password: string): Promise<SignInResult> {
  const cart = storedCartAccess();
  const result = await api('POST /api/auth/login', {
    action: 'account',
    auth: 'none',
    body: { userName, password, orderId: cart?.orderId ?? null, token: cart?.key ?? null },
  });
  if (!result.ok) {
    return { ok: false, errors: result.reaction.errors, fieldErrors: result.reaction.fieldErrors };
  }
  const { orderId, token } = result.data;
  startSession(result.data.accessToken);
  sessionStore.set((state) => ({ ...state, login: null }));
  settleWaiting(true);
  // Not awaited: a replayed cart call may hold the cart's queue until it is answered.
  void continueWithCart(orderId !== null && token !== null ? { orderId, key: token } : null);
  return { ok: true };
}

/** SPEC §4: signing out ends the customer's sessions on the server, and the cart is reset. */
export async function signOut(): Promise<void> {
  // The cookie names the session; the token too, in case the cookie is gone (not refreshed: it is ending).
  const token = sessionStore.get().session?.token ?? null;
  await api('POST /api/auth/logout', { action: 'account', auth: { token }, body: {} });
  forgetSession();
}

/** The session is over (signed out, account deleted): forget token, user and the cart. */
export function forgetSession(): void {
  endSession();
  forgetCart();
}
