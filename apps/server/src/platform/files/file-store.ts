import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/** Where uploaded files live, addressed by key. A folder by default; another store can implement the same shape. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** Keys are relative paths made of safe segments only (see files/images.ts and files/documents.ts). */
export const isSafeKey = (key: string) => /^[a-z0-9][a-z0-9/_-]*\.(webp|png|jpg|gif|pdf)$/i.test(key) && !key.includes('..');

export function folderStore(root: string): FileStore {
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe file key: ${key}`);
    const full = normalize(join(root, key));
    if (!full.startsWith(normalize(root) + sep)) throw new Error(`unsafe file key: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * A call's view of the store, following its transaction: files it puts are removed again if the transaction fails
 * (no orphans), and files it removes are only removed once the transaction has committed (a rollback never loses a
 * file its rows still point to). `commit`/`rollback` are called by the platform (calls.ts), best effort.
 */
export function transactionalFiles(store: FileStore) {
  const stored: string[] = [];
  const removed: string[] = [];
  const settle = async (keys: string[]) => {
    await Promise.allSettled([...new Set(keys)].map((key) => store.remove(key)));
  };
  const files: FileStore = {
    async put(key, data) {
      stored.push(key);
      await store.put(key, data);
    },
    read: (key) => store.read(key),
    async remove(key) {
      removed.push(key);
    },
  };
  return {
    files,
    commit: () => settle(removed),
    rollback: () => settle(stored),
  };
}
