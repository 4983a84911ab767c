import { isApiError } from "../../lib/api-client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

/** What the footer reads of the form's save mutation (a TanStack `useMutation` result). */
export interface SettingsSave {
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
}

/**
 * The end of a settings form: why the typed values were refused, « saved », the server's
 * refusal (its own translated message, else `saveError`) and the submit button, disabled while
 * saving. Texts come translated, so each feature keeps its own catalog keys.
 */
export function SettingsFormFooter({
  save,
  invalid,
  saved,
  saveError,
  submit,
  submitClassName = "justify-self-start",
}: {
  save: SettingsSave;
  /** The alert while the typed values fail the form's own check; null once they pass. */
  invalid?: string | null;
  saved: string;
  saveError: string;
  submit: string;
  submitClassName?: string;
}) {
  return (
    <>
      {invalid ? <Alert tone="error">{invalid}</Alert> : null}
      {save.isSuccess ? <Alert tone="success">{saved}</Alert> : null}
      {save.error ? (
        <Alert tone="error">{isApiError(save.error) ? save.error.message : saveError}</Alert>
      ) : null}
      <Button type="submit" className={submitClassName} disabled={save.isPending}>
        {submit}
      </Button>
    </>
  );
}
