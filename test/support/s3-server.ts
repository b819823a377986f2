import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { S3FileStorage, S3StorageOptions } from '../../adapters/file-storage/s3-file-storage';
import { FileNamespace } from '../../application/shared/file-storage';

/** s3rver knows one account, and checks only its access key id (SigV4 signatures are not verified). */
export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const TEST_S3_REGION = 'us-east-1';
/** The configuration's default waits (`S3_*`), for storages made without it. */
export const TEST_S3_BOUNDS = { connectMs: 5000, requestMs: 10_000, attempts: 2 } as const;

/** The part of s3rver's API these tests use: it ships no types. */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: http.Server;
}
type S3rverOptions = { address: string; port: number; directory: string; silent: boolean };
const S3rverServer = require('s3rver') as new (options: S3rverOptions) => S3rver;

/**
 * A real S3-protocol server (s3rver, in process) on 127.0.0.1 and a free port,
 * keeping its buckets in a temporary directory that `stop` removes.
 */
export class TestS3Server {
  /** Requests the server has received, for checks that something never reached the store. */
  requests = 0;

  private constructor(
    private readonly server: S3rver,
    private readonly directory: string,
    readonly endpoint: string,
    /** A client of the server's own, for arranging and inspecting buckets. */
    readonly client: S3Client,
  ) {}

  static async start(): Promise<TestS3Server> {
    const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
    const server = new S3rverServer({ address: '127.0.0.1', port: 0, directory, silent: true });
    let address: AddressInfo;
    try {
      address = await server.run();
    } catch (error) {
      rmSync(directory, { recursive: true, force: true });
      throw error;
    }
    const endpoint = `http://127.0.0.1:${address.port}`;
    const client = new S3Client({
      endpoint,
      region: TEST_S3_REGION,
      forcePathStyle: true,
      credentials: TEST_S3_CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const started = new TestS3Server(server, directory, endpoint, client);
    server.httpServer?.on('request', () => void started.requests++);
    return started;
  }

  async createBucket(name: string): Promise<string> {
    await this.client.send(new CreateBucketCommand({ Bucket: name }));
    return name;
  }

  /** Every object key in the bucket, under `prefix` when given. */
  async objectKeys(bucket: string, prefix?: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
      keys.push(...(page.Contents ?? []).map((object) => object.Key!));
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    return keys.sort();
  }

  async head(bucket: string, key: string): Promise<{ contentType?: string; size?: number }> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { contentType: head.ContentType, size: head.ContentLength };
  }

  /** The adapter's options for a bucket of this server. */
  storageOptions(bucket: string, prefix: string): S3StorageOptions {
    return { bucket, prefix, endpoint: this.endpoint, region: TEST_S3_REGION, ...TEST_S3_CREDENTIALS, forcePathStyle: true, bounds: TEST_S3_BOUNDS };
  }

  storage(bucket: string, prefix: string, namespace: FileNamespace = 'receipts'): S3FileStorage {
    return new S3FileStorage(this.storageOptions(bucket, prefix), namespace);
  }

  /** The application's environment for keeping receipts in a bucket of this server. */
  env(bucket: string, prefix: string): Record<string, string> {
    return {
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: this.endpoint,
      S3_REGION: TEST_S3_REGION,
      AWS_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  async stop(): Promise<void> {
    this.client.destroy();
    // Clients keep connections alive; the server would wait for them to go idle.
    this.server.httpServer?.closeAllConnections();
    try {
      await this.server.close();
    } finally {
      rmSync(this.directory, { recursive: true, force: true });
    }
  }
}
