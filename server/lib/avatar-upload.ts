/**
 * Reads the one image a member uploads as an avatar (their own or a chatbot's): the multipart field
 * `avatar`, of an image type and size the shared upload rule allows (shared/api/profile.ts).
 */
import type { FastifyRequest } from 'fastify';
import { avatarMaxBytes, avatarTypes } from '#shared/api/profile';
import { AppError } from './errors';

export async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file({ limits: { fileSize: avatarMaxBytes, files: 1 } });
  if (file?.fieldname !== 'avatar') {
    throw new AppError('validation_failed', { field: 'avatar', message: 'Avatar is required' });
  }
  if (!avatarTypes.some((t) => t === file.mimetype)) {
    throw new AppError('validation_failed', {
      field: 'avatar',
      message: 'Use a JPEG, PNG, WebP or GIF image.',
    });
  }
  return file.toBuffer().catch((err: unknown) => {
    throw new AppError('payload_too_large', {
      field: 'avatar',
      message: 'The image is larger than 5 MB.',
      cause: err,
    });
  });
}
