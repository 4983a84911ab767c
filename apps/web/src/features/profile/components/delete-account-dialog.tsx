import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PasswordField } from "../../../components/ui/password-field";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { eraseMyAccount } from "../api/privacy-api";

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the server erased the account (the session is gone). */
  onErased: () => void;
}

/**
 * The erasure's confirmation: what goes and what stays, the password and a typed word. A native
 * modal <dialog> (as ConfirmDialog): focus trapped and restored by the browser, Escape cancels,
 * the page behind inert.
 */
export function DeleteAccountDialog({ open, onClose, onErased }: DeleteAccountDialogProps) {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const [password, setPassword] = useState("");
  const [typed, setTyped] = useState("");
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const word = t("privacy.confirmWord");

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) {
      setPassword("");
      setTyped("");
      setAttempted(false);
      setError(undefined);
    }
  }, [open]);

  const wordMatches = typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!password || !wordMatches || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await eraseMyAccount({ password });
      onErased();
    } catch (caught) {
      setBusy(false);
      // The server's words say why (wrong password, a withdrawal in progress), in the language.
      setError(isApiError(caught) ? caught.message : tc("errors.generic"));
    }
  }

  const cancel = () => {
    if (!busy) onClose();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click; keyboards have Escape (onCancel)
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="delete-account-dialog"
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
      onClick={(event) => {
        if (event.target === ref.current) cancel();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl border border-night-600 bg-night-850 p-0 text-slate-100 shadow-2xl shadow-black/60 backdrop:bg-night-950/75 backdrop:backdrop-blur-sm"
    >
      <form noValidate onSubmit={submit} className="grid gap-4 p-5">
        <h2 id={titleId} className="text-lg font-bold text-white">
          {t("privacy.dialogTitle")}
        </h2>
        <div id={textId} className="grid gap-3 text-sm leading-relaxed text-slate-300">
          <div>
            <h3 className="font-semibold text-rose-200">{t("privacy.erasedTitle")}</h3>
            <p>{t("privacy.erased")}</p>
          </div>
          <div>
            <h3 className="font-semibold text-slate-100">{t("privacy.keptTitle")}</h3>
            <p>{t("privacy.kept")}</p>
          </div>
          <p className="font-medium text-amber-200">{t("privacy.final")}</p>
          <p className="text-muted">{t("privacy.pendingHint")}</p>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <PasswordField
          label={t("privacy.password")}
          name="current-password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={attempted && !password ? t("privacy.passwordRequired") : undefined}
          disabled={busy}
          required
        />
        <TextField
          label={t("privacy.confirmLabel", { word })}
          name="confirm-word"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={attempted && !wordMatches ? t("privacy.confirmMismatch", { word }) : undefined}
          disabled={busy}
          required
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={cancel} disabled={busy} autoFocus>
            {t("privacy.cancel")}
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? t("privacy.deleting") : t("privacy.confirm")}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
