/** Image handling with sharp (a well-kept libvips binding): uploads become small square WebP files. */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from './errors';

/** Resizes an uploaded image to a `size` px square WebP; an unreadable file is a validation error. */
export async function squareWebp(input: Buffer, size: number): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    throw new AppError('validation_failed', {
      field: 'avatar',
      message: 'This file is not an image we can read.',
      cause: err,
    });
  }
}

/** Resizes an uploaded image to a `size` px square WebP under `dir`; answers the file name. */
export async function storeSquareWebp(dir: string, input: Buffer, size: number): Promise<string> {
  const output = await squareWebp(input, size);
  const name = `${randomUUID()}.webp`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), output);
  return name;
}
