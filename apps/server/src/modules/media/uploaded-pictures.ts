import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type Database, queryRows } from '#src/db/client.ts';

/** Uploaded pictures' seeds: `p-` and 20 hex digits, never a seed the demo generator draws from. */
export const uploadedSeedPattern = /^p-[0-9a-f]{20}$/;
export const isUploadedSeed = (seed: string) => uploadedSeedPattern.test(seed);

/** The widest size the shop serves is 1280 px (imageWidths); 2048 leaves room for sharper screens later. */
const storedWidth = 2048;
const minimum = { width: 640, height: 400 };

export type Crop = { left: number; top: number; width: number; height: number };

export type PictureRefusal = 'not-a-picture' | 'too-small' | 'crop-outside';

/**
 * An upload as the shop will serve it: turned upright (EXIF), cut to the crop, at most 2048 px wide,
 * WebP, without the camera's metadata (a phone's GPS position has no place on a hotel page). A file sharp
 * cannot read, or a crop outside the picture, is refused before anything is stored.
 */
export async function preparePicture(
  file: Buffer,
  crop: Partial<Crop>,
): Promise<{ image: Buffer; width: number; height: number } | PictureRefusal> {
  let upright: { data: Buffer; info: { width: number; height: number } };
  try {
    upright = await sharp(file, { limitInputPixels: 50_000_000 })
      .rotate()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return 'not-a-picture';
  }
  const { width, height } = upright.info;
  const box: Crop = {
    left: crop.left ?? 0,
    top: crop.top ?? 0,
    width: crop.width ?? width - (crop.left ?? 0),
    height: crop.height ?? height - (crop.top ?? 0),
  };
  if (box.width < 1 || box.height < 1 || box.left + box.width > width || box.top + box.height > height) {
    return 'crop-outside';
  }
  if (box.width < minimum.width || box.height < minimum.height) return 'too-small';
  const { data, info } = await sharp(upright.data)
    .extract(box)
    .resize({ width: storedWidth, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { image: data, width: info.width, height: info.height };
}

export async function storePicture(
  db: Database,
  picture: { image: Buffer; width: number; height: number },
  staffId: string,
): Promise<string> {
  const seed = `p-${randomBytes(10).toString('hex')}`;
  await db.execute(sql`
    INSERT INTO media_pictures (seed, image, width, height, staff_id)
    VALUES (${seed}, ${picture.image}, ${picture.width}, ${picture.height}, ${staffId})`);
  return seed;
}

/** The stored picture, or null for a seed nobody uploaded. */
export async function readPicture(db: Database, seed: string): Promise<Buffer | null> {
  if (!isUploadedSeed(seed)) return null;
  const [row] = await queryRows<{ image: Buffer | Uint8Array }>(
    db,
    sql`SELECT image FROM media_pictures WHERE seed = ${seed}`,
  );
  return row ? Buffer.from(row.image) : null;
}

/** Which of `seeds` are pictures the media route can serve (uploaded ones, or seeds the catalogue names). */
export async function unknownPictures(db: Database, seeds: string[]): Promise<string[]> {
  if (seeds.length === 0) return [];
  const rows = await queryRows<{ seed: string }>(
    db,
    sql`SELECT seed FROM unnest(${sql.param(seeds)}::text[]) AS s(seed)
        WHERE NOT EXISTS (SELECT 1 FROM media_pictures p WHERE p.seed = s.seed)
          AND NOT EXISTS (SELECT 1 FROM hotels h WHERE s.seed = ANY(h.image_seeds))
          AND NOT EXISTS (SELECT 1 FROM offers o WHERE s.seed = ANY(o.image_seeds))`,
  );
  return rows.map((row) => row.seed);
}

/** One width of a stored picture for the media route (the media folder caches what this renders). */
export function resizePicture(image: Buffer, width: number): Promise<Buffer> {
  return sharp(image).resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
}
