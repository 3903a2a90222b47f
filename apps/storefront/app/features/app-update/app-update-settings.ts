/** SPEC §9: how often an open page asks whether a new version of the shop was deployed. */
export const updateCheckIntervalMs = 86_400_000;

/** SPEC §9: a code chunk (a route's or a lazy part's) that takes longer than this counts as failed. */
export const chunkLoadTimeoutMs = 120_000;

/** The worker script the build writes (service-worker/sw.ts) and the server serves at the root. */
export const serviceWorkerUrl = '/sw.js';

/** A deploy's label (SHOP_BUILD_ID at build time, e.g. the commit), '' when unset. */
export const shopBuildId: string = import.meta.env.SHOP_BUILD_ID;
