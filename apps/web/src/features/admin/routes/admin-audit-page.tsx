import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageTitle } from "../../../components/ui/page-title";
import { PageLoader } from "../../../components/ui/spinner";
import { AuditLog } from "../components/audit-log";
import type { PickedUser } from "../components/audit-user-picker";
import { useAdminUser } from "../hooks/use-admin-users";

/** `?target=` / `?actor=` (links from a user's page): the user, named, once read. */
function usePicked(id: string | null): { ready: boolean; user: PickedUser | null } {
  const query = useAdminUser(id ?? "", { enabled: id !== null });
  if (!id) return { ready: true, user: null };
  if (query.isPending) return { ready: false, user: null };
  return {
    ready: true,
    user: query.data ? { id, nickname: query.data.user.nickname } : null,
  };
}

/** The audit log in words: its own screen (issue 34). */
export function AdminAuditPage() {
  const { t } = useTranslation("admin");
  const [params] = useSearchParams();
  const target = usePicked(params.get("target"));
  const actor = usePicked(params.get("actor"));
  return (
    <div className="grid gap-4">
      <PageTitle title={t("pages.audit")}>{t("pages.audit")}</PageTitle>
      {target.ready && actor.ready ? (
        <AuditLog key={params.toString()} initialTarget={target.user} initialActor={actor.user} />
      ) : (
        <PageLoader />
      )}
    </div>
  );
}
