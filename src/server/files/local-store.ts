/** The file store in a local folder (DATA_DIR/files by default): one file per key. */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

import { checkedFileKey, FileNotFoundError, type FileStoreDriver } from './file-keys';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class LocalFileStore implements FileStoreDriver {
  readonly kind = 'local';

  constructor(readonly root: string) {}

  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
  }

  path(key: string): string {
    return path.join(this.root, ...checkedFileKey(key).split('/'));
  }

  /** Unique per write: two writes of one key at once (in one process too) must not share a file. */
  private temporaryPath(target: string): string {
    return `${target}.${process.pid}.${randomUUID()}.tmp`;
  }

  async write(key: string, data: Buffer): Promise<void> {
    const target = this.path(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = this.temporaryPath(target);
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, target);
  }

  async writeChunks(key: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
    const target = this.path(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = this.temporaryPath(target);
    const handle = await fs.open(temporary, 'w');
    try {
      for await (const chunk of chunks) await handle.write(chunk);
      await handle.close();
      await fs.rename(temporary, target);
    } catch (error) {
      await handle.close().catch(() => {});
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await fs.readFile(this.path(key));
    } catch (error) {
      throw isMissing(error) ? new FileNotFoundError(key) : error;
    }
  }

  async readStream(key: string): Promise<NodeJS.ReadableStream> {
    const file = this.path(key);
    // Opened here, so that a missing file is an error of this call rather than of the stream.
    const handle = await fs.open(file).catch((error: unknown) => {
      throw isMissing(error) ? new FileNotFoundError(key) : error;
    });
    return createReadStream(file, { fd: handle });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.path(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.path(key), { force: true });
  }

  async withLocalPath<T>(key: string, work: (localPath: string) => Promise<T>): Promise<T> {
    return work(this.path(key));
  }

  async signedDownloadUrl(): Promise<string | null> {
    return null;
  }
}
