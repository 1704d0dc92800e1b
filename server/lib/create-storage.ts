/** The configured upload storage (STORAGE): the local disk, or an S3-compatible bucket. */
import type { Config } from '../config';
import { S3Storage } from './s3-storage';
import { LocalDiskStorage, type FileStorage } from './storage';

export function createStorage(config: Config): FileStorage {
  if (config.STORAGE === 'local') return new LocalDiskStorage(config.UPLOAD_DIR);
  // loadConfig refuses STORAGE=s3 without these.
  return new S3Storage({
    endpoint: config.S3_ENDPOINT ?? '',
    region: config.S3_REGION,
    bucket: config.S3_BUCKET ?? '',
    accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
  });
}
