/** Image handling with sharp (a well-kept libvips binding): uploads become small square WebP files. */
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
