import { ContainerModule } from 'inversify';
import { InMemoryFileStorage } from '../../adapters/file-storage/in-memory-file-storage';
import { LocalDiskFileStorage } from '../../adapters/file-storage/local-disk-file-storage';
import { S3FileStorage } from '../../adapters/file-storage/s3-file-storage';
import { SharpImageReencoder } from '../../adapters/images/sharp-image-reencoder';
import { FILE_STORAGE_TOKENS, FileStorage } from '../../application/shared/file-storage';
import { IMAGE_TOKENS } from '../../application/shared/image-reencoder';
import type { Logger } from '../../adapters/system/logger';
import { AppConfig } from '../config';
import { Storage } from './storage';

/**
 * Uploaded files, a storage per namespace (receipts, pictures, background imports' files): on local disk
 * in `DATA_DIR`, in one S3 bucket (one client for both), or in memory for use-case tests;
 * images among them are re-encoded by sharp, in use-case tests too (it needs no I/O).
 */
export function fileStorageModule(storage: Storage, config: AppConfig, logger?: Logger): ContainerModule {
  return new ContainerModule(({ bind }) => {
    let receipts: FileStorage;
    let pictures: FileStorage;
    let imports: FileStorage;
    if (storage.kind === 'memory') {
      [receipts, pictures, imports] = [new InMemoryFileStorage(), new InMemoryFileStorage(), new InMemoryFileStorage()];
    } else if (config.storage.kind === 's3') {
      const bucket = new S3FileStorage(config.storage, 'receipts', logger);
      [receipts, pictures, imports] = [bucket, bucket.inNamespace('pictures'), bucket.inNamespace('imports')];
    } else {
      const onDisk = (namespace: 'receipts' | 'pictures' | 'imports') => new LocalDiskFileStorage(config.dataDir, namespace);
      [receipts, pictures, imports] = [onDisk('receipts'), onDisk('pictures'), onDisk('imports')];
    }
    bind(FILE_STORAGE_TOKENS.Receipts).toConstantValue(receipts);
    bind(FILE_STORAGE_TOKENS.Pictures).toConstantValue(pictures);
    bind(FILE_STORAGE_TOKENS.Imports).toConstantValue(imports);
    bind(IMAGE_TOKENS.Reencoder).toConstantValue(new SharpImageReencoder());
  });
}
