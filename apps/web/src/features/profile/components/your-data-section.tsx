import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { isApiError } from "../../../lib/api-client";
import { clearSession } from "../../../lib/session";
import { getMyExport, saveExport } from "../api/privacy-api";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { showFarewellToast } from "./farewell-toast";

/** « Vos données »: take the data away (GDPR art. 15/20) or erase the account (art. 17). */
export function YourDataSection() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [saved, setSaved] = useState<string>();
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  async function download() {
    setDownloading(true);
    setSaved(undefined);
    setError(undefined);
    try {
      setSaved(saveExport(await getMyExport()));
    } catch (caught) {
      // A limit reached says when to come back; anything else, the generic failure.
      setError(
        isApiError(caught) && caught.status !== 0 ? caught.message : t("privacy.downloadFailed"),
      );
    } finally {
      setDownloading(false);
    }
  }

  function erased() {
    setDeleting(false);
    clearSession(queryClient);
    navigate("/", { replace: true });
    showFarewellToast(t("privacy.deleted"), t("privacy.closeToast"));
  }

  return (
    <section aria-labelledby="your-data-title" data-testid="your-data">
      <h2 id="your-data-title" className="text-lg font-semibold text-white">
        {t("privacy.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("privacy.intro")}</p>
      {saved ? (
        <Alert tone="success" className="mt-3">
          {t("privacy.downloaded", { file: saved })}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" disabled={downloading} onClick={download}>
          {downloading ? t("privacy.downloading") : t("privacy.download")}
        </Button>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          {t("privacy.delete")}
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} onErased={erased} />
    </section>
  );
}
