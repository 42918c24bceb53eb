/**
 * The file store in an S3-compatible bucket (FILE_STORE=s3, decision 0061), through the official AWS
 * SDK: one object per key. Loaded only when configured, so a local install never loads the SDK.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

import { checkedFileKey, FileNotFoundError, type FileStoreDriver } from './file-keys';

export interface S3Settings {
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the SDK's default credentials (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Addresses as `endpoint/bucket/key` rather than `bucket.endpoint/key` (most self-hosted servers). */
  forcePathStyle: boolean;
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

export class S3FileStore implements FileStoreDriver {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: several S3-compatible servers reject the SDK's default
      // trailing CRC32 of every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode})` : '';
      throw new Error(
        `cannot reach the S3 bucket "${this.bucket}"${status}: ${error instanceof Error ? error.message || error.name : String(error)}`,
      );
    }
  }

  async write(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkedFileKey(key),
        Body: data,
        ContentLength: data.length,
      }),
    );
  }

  /**
   * Spooled to a temporary file first: a single PUT needs its length, and an upload cut off halfway
   * then leaves no object behind.
   */
  async writeChunks(key: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
    checkedFileKey(key);
    await this.withTemporaryFile(async (temporary) => {
      await pipeline(Readable.from(chunks), createWriteStream(temporary));
      const { size } = await fs.stat(temporary);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(temporary),
          ContentLength: size,
        }),
      );
    });
  }

  async read(key: string): Promise<Buffer> {
    const body = await this.body(key);
    return Buffer.from(await body.transformToByteArray());
  }

  async readStream(key: string): Promise<NodeJS.ReadableStream> {
    return (await this.body(key)) as unknown as Readable;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedFileKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedFileKey(key) }));
  }

  async withLocalPath<T>(key: string, work: (localPath: string) => Promise<T>): Promise<T> {
    const body = await this.body(key);
    return this.withTemporaryFile(async (temporary) => {
      await pipeline(body as unknown as Readable, createWriteStream(temporary));
      return work(temporary);
    }, path.extname(key));
  }

  async signedDownloadUrl(key: string, fileName: string, seconds: number): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: checkedFileKey(key),
        ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        ResponseContentType: 'application/octet-stream',
        ResponseCacheControl: 'private, no-store',
      }),
      { expiresIn: seconds },
    );
  }

  private async body(key: string) {
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkedFileKey(key) }),
      );
      if (!Body) throw new FileNotFoundError(key);
      return Body;
    } catch (error) {
      throw isNotFound(error) ? new FileNotFoundError(key) : error;
    }
  }

  private async withTemporaryFile<T>(work: (file: string) => Promise<T>, extension = ''): Promise<T> {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'meshbay-s3-'));
    try {
      return await work(path.join(folder, `${randomUUID()}${extension}`));
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  }
}
