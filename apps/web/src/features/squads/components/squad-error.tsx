import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { isApiError } from "../../../lib/api-client";

/** A refused action: the server's message, already in the user's language. */
export function SquadError({ error }: { error: unknown }) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  if (!error) return null;
  return <Alert tone="error">{isApiError(error) ? error.message : t("failed")}</Alert>;
}
