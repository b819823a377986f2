import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { FileNamespace, FileStorage } from '../../application/shared/file-storage';
import { IncomingFile } from '../../application/shared/incoming-file';
import { FileContentType } from '../../domain/shared/file-type';
import type { Logger } from '../system/logger';
import { assertFileKey, newFileKey } from './file-keys';
import { asUnreachable, FileStorageAvailability, FileStorageUnreachable } from './storage-failures';

interface AwsSdk {
  s3: typeof import('@aws-sdk/client-s3');
  storage: typeof import('@aws-sdk/lib-storage');
}
let loadedSdk: AwsSdk | undefined;

/**
 * The AWS SDK, loaded when the first S3 storage is made: a server that keeps
 * its files on local disk never loads it, nor holds it in memory (docs/performance.md).
 */
function awsSdk(): AwsSdk {
  return (loadedSdk ??= {
    s3: require('@aws-sdk/client-s3') as AwsSdk['s3'],
    storage: require('@aws-sdk/lib-storage') as AwsSdk['storage'],
  });
}

/**
 * Each namespace's folder under the prefix. Receipts were kept before there
 * were namespaces, at the prefix itself (`<prefix>/<organisation id>/…`), and
 * stay there so that the objects already stored keep their keys; their first
 * segment is always an internal id, never the name of another namespace's folder.
 */
const FOLDERS: Readonly<Record<FileNamespace, string>> = { receipts: '', pictures: 'pictures', imports: 'imports' };

/**
 * S3's smallest part (every part but the last). An upload holds one part in
 * memory at a time, so this is also what a put costs in memory, whatever the file's size.
 */
const PART_BYTES = 5 * 1024 * 1024;

export interface S3StorageOptions {
  bucket: string;
  /** Object keys are `<prefix>/<key>`; empty for the bucket's root. */
  prefix: string;
  /** An S3-compatible service's URL; absent means AWS. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's own chain applies (environment, instance role, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`, as most self-hosted stores want. */
  forcePathStyle: boolean;
  /**
   * The longest waits for the store (`S3_*`): opening a connection; an attempt, from its start until
   * the store's answer begins, and a connection silent while a file streams; the attempts per operation.
   */
  bounds: { connectMs: number; requestMs: number; attempts: number };
}

/** What the namespaces of one bucket share: its client, and what they find of the store's availability. */
interface SharedStore {
  client: S3Client;
  availability: FileStorageAvailability;
}

/**
 * Files of one namespace as objects in an S3-compatible bucket. Uploads stream
 * through lib-storage (one part in memory; multipart beyond 5 MiB) and a put
 * answers only once the store has confirmed the whole object; reads stream the
 * object's body. The namespaces of one bucket share one client (`inNamespace`).
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  /** Whether the store answers, as this bucket's operations find it (for the log and the metrics). */
  readonly availability: FileStorageAvailability;
  private readonly bucket: string;
  /** Where this namespace's objects start: the configured prefix and the namespace's folder. */
  private readonly prefix: string;

  constructor(
    private readonly options: S3StorageOptions,
    private readonly namespace: FileNamespace,
    logger?: Pick<Logger, 'warn' | 'info'>,
    shared?: SharedStore,
  ) {
    this.bucket = options.bucket;
    this.prefix = [options.prefix.replace(/^\/+|\/+$/g, ''), FOLDERS[namespace]].filter(Boolean).join('/');
    this.availability = shared?.availability ?? new FileStorageAvailability(logger);
    const { S3Client } = awsSdk().s3;
    const { connectMs, requestMs, attempts } = options.bounds;
    this.client = shared?.client ?? new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Since 3.729 the SDK adds CRC checksum headers to every upload and expects them
      // on downloads, which several S3-compatible stores refuse or do not send
      // (aws/aws-sdk-js-v3#6810). Parts are buffers, so SigV4 still signs each
      // one's SHA-256 and the store checks it.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Without bounds the SDK waits for a store that stopped answering as long as the connection stays
      // open. The request timeout only warns unless told to throw (@smithy/node-http-handler 4.4 on), and
      // ends when the answer begins: the socket timeout bounds the silences of a body streamed after it.
      requestHandler: { connectionTimeout: connectMs, requestTimeout: requestMs, throwOnRequestTimeout: true, socketTimeout: requestMs },
      maxAttempts: attempts,
    });
  }

  /** The storage of another namespace in the same bucket, on the same client (closing either closes both). */
  inNamespace(namespace: FileNamespace): S3FileStorage {
    return namespace === this.namespace
      ? this
      : new S3FileStorage(this.options, namespace, undefined, { client: this.client, availability: this.availability });
  }

  async put(ownerId: string, file: IncomingFile, contentType: FileContentType, beforeStoring?: (key: string) => Promise<void>): Promise<string> {
    const key = newFileKey(ownerId, contentType);
    await beforeStoring?.(key);
    const started = performance.now();
    const objectKey = this.objectKey(key);
    // When the upload fails because the file could not be read, that is the error to
    // report, not what aborting the multipart upload said afterwards.
    const reading: { failure?: { error: unknown } } = {};
    const body = Readable.from(
      (async function* () {
        try {
          yield* file.content();
        } catch (error) {
          reading.failure = { error };
          throw error;
        }
      })(),
      { objectMode: false },
    );
    const { Upload } = awsSdk().storage;
    try {
      await new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: objectKey, Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: 1,
        // A failed multipart upload is aborted, so that its parts neither show nor cost.
        leavePartsOnError: false,
      }).done();
    } catch (error) {
      if (reading.failure) throw reading.failure.error;
      // The store may have taken the object and lost only its answer: `beforeStoring` recorded the key for removal.
      throw this.failure(error, started);
    } finally {
      // Releases the file when the store failed before it was read to the end.
      body.destroy();
    }
    this.answered();
    return key;
  }

  async read(key: string): Promise<AsyncIterable<Uint8Array> | null> {
    const objectKey = this.objectKey(key);
    const started = performance.now();
    try {
      const { GetObjectCommand } = awsSdk().s3;
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      if (!Body) throw new Error("The store answered without the file's content.");
      this.answered();
      // In Node the body is the response stream itself: nothing is read ahead of the client.
      return Body as AsyncIterable<Uint8Array>;
    } catch (error) {
      if (!isMissingObject(error)) throw this.failure(error, started);
      this.answered();
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    const started = performance.now();
    try {
      await this.removeObject(objectKey);
    } catch (error) {
      throw this.failure(error, started);
    }
    this.answered();
  }

  /** Closes the connections kept open to the store (closing either namespace closes both). */
  close(): void {
    this.client.destroy();
  }

  private async removeObject(objectKey: string): Promise<void> {
    try {
      const { DeleteObjectCommand } = awsSdk().s3;
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
    } catch (error) {
      // S3 answers 204 for a key that names nothing; some compatible stores answer 404.
      if (!isMissingObject(error)) throw error;
    }
  }

  /** The store answered: an outage is over. */
  private answered(): void {
    this.availability.answered();
  }

  /** The error to throw for the SDK's: a store that did not answer becomes `FileStorageUnreachable`, and is counted. */
  private failure(error: unknown, started: number): unknown {
    const failure = asUnreachable(error);
    if (failure instanceof FileStorageUnreachable) this.availability.failed(started);
    return failure;
  }

  private objectKey(key: string): string {
    assertFileKey(key);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }
}

/**
 * The object is not there. A missing bucket is also a 404, but that is the
 * configuration's fault, and must not pass for a file that is gone.
 */
function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (name === 'NoSuchKey') return true;
  return $metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket';
}
