import { createHash } from 'node:crypto';
import { type MapTileSettings, upstreamTileUrl } from '@shop/contracts/map-tiles';
import { heroSizes, ogImageSize } from '@shop/contracts/site-paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { imageWidths } from '#src/modules/catalogue/images.ts';
import { createCatalogueSeeds } from './catalogue-seeds.ts';
import { createDiskCache } from './disk-cache.ts';
import { renderGeneratedImage } from './generated-image.ts';
import { type HeroBox, heroSeed, renderHeroImage } from './hero-image.ts';
import { isUploadedSeed, readPicture, resizePicture } from './uploaded-pictures.ts';

const params = z.object({
  // Any seed the catalogue holds (imageUrl() encodes it; the router decodes it): whether it is one is
  // asked of the catalogue, and the file name never contains it unless it is plainly safe.
  seed: z.string().min(1).max(200),
  file: z.enum(imageWidths.map((width) => `${width}.webp`) as [string, ...string[]]),
});

const heroParams = z.object({
  short: z.string().regex(/^[a-z0-9-]{1,40}$/),
  file: z.enum([...heroSizes, 'og'].map((size) => `${size}.webp`) as [string, ...string[]]),
});

/** Brand configs are data from the asset host: a box outside this is a typo, not a picture to render. */
const heroBoxSchema = z.object({
  width: z.number().int().min(16).max(4096),
  height: z.number().int().min(16).max(4096),
  crop: z.boolean(),
});

/** Tile coordinates as map pages ask for them: `/media/map/<brand>/<z>/<x>/<y>.png`. */
const tileParams = z.object({
  short: z.string().regex(/^[a-z0-9-]{1,40}$/),
  z: z.coerce.number().int().min(0).max(19),
  x: z.coerce.number().int().min(0),
  file: z.string().regex(/^\d{1,7}\.png$/),
});

const immutable = 'public, max-age=31536000, immutable';
/** Hero URLs stay the same when a brand changes its config, so browsers ask again after a day. */
const oneDay = 'public, max-age=86400';

export type MediaOptions = {
  /** The folder of rendered pictures (`<DATA_DIR>/media`). */
  mediaDir: string;
  /** The catalogue, asked which seeds it names. */
  db: Database;
  /** At most this many bytes of rendered pictures on disk (MEDIA_CACHE_MAX_MB). */
  maxBytes: number;
  /** How long a seed the catalogue did not name stays refused before the catalogue version is read again. */
  recheckMs?: number;
  /** The installation's tile server (MAP_TILES_URL), unless a brand names its own; proxied or not. */
  mapTiles: MapTileSettings;
  /** How map tiles are fetched from the tile server (tests stand in for the tile server here). */
  fetchTile?: (url: string, init: RequestInit) => Promise<Response>;
};

/**
 * Catalogue pictures (rendered once per seed and width) and brand hero pictures (once per brand, size
 * and configured box), then served from the media folder. Only what the catalogue or a brand config
 * names is rendered: a picture already on disk is served as it is; any other seed is a 404 before any
 * work. The folder is bounded by `maxBytes`, least recently used pictures first out.
 */
export function registerMediaRoutes(server: FastifyInstance, options: MediaOptions): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const cache = createDiskCache({
    dir: options.mediaDir,
    maxBytes: options.maxBytes,
    log: (message, error) => server.log.warn({ err: error }, message),
  });
  server.addHook('onClose', async () => cache.close());
  const catalogueSeeds = createCatalogueSeeds(options.db, { recheckMs: options.recheckMs ?? 5_000 });
  registerMapTiles(server, cache, options.mapTiles, options.fetchTile ?? fetch);

  app.get('/media/:seed/:file', { schema: { hide: true, params } }, async (request, reply) => {
    const { seed, file } = request.params;
    const name = `${seedFolder(seed)}/${file}`;
    const send = (image: Buffer) => reply.type('image/webp').header('cache-control', immutable).send(image);
    // A picture on disk is served without asking the catalogue.
    const cached = await cache.read(name);
    if (cached) return send(cached);
    // Uploaded in the back office: the stored picture is in the database, shared by every machine.
    if (isUploadedSeed(seed)) {
      const stored = await readPicture(options.db, seed);
      if (!stored) return reply.callNotFound();
      return send(await cache.renderOnce(name, () => resizePicture(stored, Number.parseInt(file, 10))));
    }
    if (!(await catalogueSeeds.has(seed))) return reply.callNotFound();
    return send(await cache.renderOnce(name, () => renderGeneratedImage(seed, Number.parseInt(file, 10))));
  });

  app.get(
    '/media/hero/:short/:file',
    { schema: { hide: true, params: heroParams } },
    async (request, reply) => {
      const { short, file } = request.params;
      const size = file.replace(/\.webp$/, '');
      // The brand configs belong to the storefront module (registered after this one).
      const config = server.hasDecorator('brandConfig')
        ? await server.brandConfig(short).catch(() => null)
        : null;
      const seed = config ? heroSeed(config.heroImage) : null;
      const configured =
        size === 'og'
          ? { ...ogImageSize, crop: true }
          : config?.heroImageResolution?.[size as keyof typeof config.heroImageResolution];
      const box = heroBoxSchema.safeParse(configured);
      if (!seed || !box.success) return reply.callNotFound();
      // The box is part of the file name: a changed config renders afresh instead of serving the old size.
      const name = `hero/${short}/${size}-${describeBox(box.data)}-${seed}.webp`;
      const image =
        (await cache.read(name)) ?? (await cache.renderOnce(name, () => renderHeroImage(seed, box.data)));
      return reply.type('image/webp').header('cache-control', oneDay).send(image);
    },
  );
}

/**
 * Map tiles through our own origin: a visitor's browser never asks the tile server (SPEC §4: no request
 * to a third party without consent), which sees only this server, named by its User-Agent as
 * OpenStreetMap's tile policy asks. Tiles are kept in the media folder (bounded, least recently used
 * out), so each is fetched once, not once per visitor.
 */
function registerMapTiles(
  server: FastifyInstance,
  cache: ReturnType<typeof createDiskCache>,
  settings: MapTileSettings,
  fetchTile: NonNullable<MediaOptions['fetchTile']>,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/media/map/:short/:z/:x/:file',
    { schema: { hide: true, params: tileParams } },
    async (request, reply) => {
      const { short, z: zoom, x } = request.params;
      const y = Number.parseInt(request.params.file, 10);
      if (x >= 2 ** zoom || y >= 2 ** zoom) return reply.callNotFound();
      // Media requests carry no resolved brand (request-context skips them): the path names it.
      const config = server.hasDecorator('brandConfig')
        ? await server.brandConfig(short).catch(() => null)
        : null;
      if (!config) return reply.callNotFound();
      // Not proxied (MAP_TILES_PROXY=false), browsers ask the tile server themselves: this is no open relay.
      const template = settings.isProxied ? upstreamTileUrl(config, settings) : null;
      if (!template) return reply.callNotFound();
      const url = template.replace('{z}', String(zoom)).replace('{x}', String(x)).replace('{y}', String(y));
      const source = createHash('sha256').update(template).digest('hex').slice(0, 16);
      const name = `map/${source}/${zoom}/${x}/${y}.png`;
      const tile =
        (await cache.read(name)) ??
        (await cache
          .renderOnce(name, async () => {
            const response = await fetchTile(url, {
              headers: { 'user-agent': 'voucher-shop tile cache (white-label holiday voucher shop)' },
              signal: AbortSignal.timeout(5_000),
            });
            if (!response.ok) throw new Error(`tile server answered ${response.status}`);
            return Buffer.from(await response.arrayBuffer());
          })
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'map tile: tile server unavailable');
            return null;
          }));
      if (!tile) throw new HttpProblem(503, 'service-unavailable', 'the map tiles are unavailable');
      return reply.type('image/png').header('cache-control', oneDay).send(tile);
    },
  );
}

const describeBox = (box: HeroBox) => `${box.width}x${box.height}-${box.crop ? 'cover' : 'inside'}`;

/**
 * The folder of a seed's pictures: the seed itself when it is plainly safe as a file name (the demo
 * catalogue's `offer-12-1`), else a hash of it (`_` never starts a safe name). `hero` is the brand
 * heroes' folder.
 */
function seedFolder(seed: string): string {
  return /^[a-z0-9-]{1,80}$/.test(seed) && seed !== 'hero'
    ? seed
    : `_${createHash('sha256').update(seed).digest('hex').slice(0, 32)}`;
}
