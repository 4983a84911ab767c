import type { EraseAccountBody, UserExport } from "@fre/shared";
import { api } from "../../../lib/api-client";

/** `GET /api/me/export`: everything FRE holds about the signed-in user (decision 0028). */
export const getMyExport = () => api.call("GET /api/me/export");

/** `DELETE /api/me`: erases the account; the password confirms it. */
export const eraseMyAccount = (body: EraseAccountBody) => api.call("DELETE /api/me", { body });

/** The file name the server's Content-Disposition gives: `fre-export-<day>.json`. */
export const exportFileName = (data: Pick<UserExport, "generatedAt">) =>
  `fre-export-${data.generatedAt.slice(0, 10)}.json`;

/** Saves the export as a file through the browser's download (nothing leaves the device). */
export function saveExport(data: UserExport): string {
  const name = exportFileName(data);
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once cancels the download in Safari.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
