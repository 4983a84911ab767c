import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { dataFolder } from "../../lib/admin-code-notice.ts";
import type { FileStore } from "../../lib/file-store.ts";
import { localFileStore } from "./local-file-store.ts";
import { parseS3Url, s3FileStore } from "./s3-file-store.ts";

/**
 * The store `FILES_URL` names: `s3://…` (see `parseS3Url`), a folder (`/srv/fre-files`,
 * `./files` or `file:///srv/fre-files`), or — unset — the embedded default: `files` next to the
 * embedded database's folder (`pglite:./data/db` → `./data/files`), `./data/files` otherwise.
 */
export function fileStoreFromUrl(filesUrl: string | undefined, databaseUrl: string): FileStore {
  if (filesUrl?.startsWith("s3://")) return s3FileStore(parseS3Url(filesUrl));
  if (filesUrl?.startsWith("file:")) return localFileStore(fileURLToPath(filesUrl));
  if (filesUrl) return localFileStore(resolve(filesUrl));
  return localFileStore(resolve(dataFolder(databaseUrl), "files"));
}
