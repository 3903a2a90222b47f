import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageWidths } from '#src/modules/catalogue/images.ts';
import { heroSizes, ogImageSize } from '../../../../storefront/app/lib/site-paths.ts';
import { renderGeneratedImage } from './generated-image.ts';
import { type HeroBox, heroSeed, renderHeroImage } from './hero-image.ts';

const params = z.object({
  seed: z.string().regex(/^[a-z0-9-]{1,80}$/),
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

const immutable = 'public, max-age=31536000, immutable';
/** Hero URLs stay the same when a brand changes its config, so browsers ask again after a day. */
const oneDay = 'public, max-age=86400';

/**
 * Catalogue pictures (rendered once per seed and width) and brand hero pictures (once per brand, size
 * and configured box), then served from the media folder.
 */
export function registerMediaRoutes(server: FastifyInstance, mediaDir: string): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/media/:seed/:file', { schema: { hide: true, params } }, async (request, reply) => {
    const { seed, file } = request.params;
    const image = await readOrRender(path.join(mediaDir, seed, file), () =>
      renderGeneratedImage(seed, Number.parseInt(file, 10)),
    );
    return reply.type('image/webp').header('cache-control', immutable).send(image);
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
      const target = path.join(mediaDir, 'hero', short, `${size}-${describeBox(box.data)}-${seed}.webp`);
      const image = await readOrRender(target, () => renderHeroImage(seed, box.data));
      return reply.type('image/webp').header('cache-control', oneDay).send(image);
    },
  );
}

const describeBox = (box: HeroBox) => `${box.width}x${box.height}-${box.crop ? 'cover' : 'inside'}`;

/** The file at `target`, or else `render()` written there for the next request. */
async function readOrRender(target: string, render: () => Promise<Buffer>): Promise<Buffer> {
  return readFile(target).catch(async () => {
    const rendered = await render();
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a concurrent reader never sees half a file.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, rendered);
    await rename(temporary, target);
    return rendered;
  });
}
