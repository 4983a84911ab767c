import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { FileStore } from "../../lib/file-store.ts";
import { parseS3Url } from "../../s3-url.ts";
import { localFileStore } from "./local-file-store.ts";
import { s3FileStore } from "./s3-file-store.ts";

/**
 * The store `FILES_URL` names: `s3://…` (see `parseS3Url`), a folder (`/srv/fre-files`,
 * `./files` or `file:///srv/fre-files`). The configuration fills it in: `<DATA_DIR>/files`
 * unless set (config.ts owns where local data goes).
 */
export function fileStoreFromUrl(filesUrl: string): FileStore {
  if (filesUrl.startsWith("s3://")) return s3FileStore(parseS3Url(filesUrl));
  if (filesUrl.startsWith("file:")) return localFileStore(fileURLToPath(filesUrl));
  return localFileStore(resolve(filesUrl));
}
