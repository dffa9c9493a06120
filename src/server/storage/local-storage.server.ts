import fs from "node:fs/promises";
import path from "node:path";

import type { FileStorage } from "~/services/file-storage";

export type { FileStorage };

const TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
};

/** Keys are relative paths of safe segments; anything that could climb out of the root is refused. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) && !key.includes("..");
}

export function createLocalStorage(root: string): FileStorage {
  return {
    async save(key, data) {
      if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    async remove(key) {
      if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
      await fs.rm(path.join(root, key), { force: true });
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      return fs.access(path.join(root, key)).then(
        () => true,
        () => false,
      );
    },
    async read(key) {
      if (!isSafeKey(key)) return null;
      try {
        const data = await fs.readFile(path.join(root, key));
        return { data, contentType: TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream" };
      } catch {
        return null;
      }
    },
  };
}
