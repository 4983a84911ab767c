import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageLoader } from "../../../components/ui/spinner";
import { useAdminAccess } from "../hooks/use-admin-queries";
import { AdminCodeForm } from "./admin-code-form";

/** Renders the admin screens only once the personal access code was accepted. */
export function AdminAccessGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const access = useAdminAccess();
  if (access.isPending) return <PageLoader />;
  if (access.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <Alert tone="error">{access.error.message}</Alert>
        <Button variant="secondary" onClick={() => access.refetch()}>
          {t("errors.retry")}
        </Button>
      </div>
    );
  }
  return access.data.elevated ? children : <AdminCodeForm />;
}
