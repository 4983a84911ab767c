import type { AdminUserRow } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { TextField } from "../../../components/ui/text-field";
import { formatDate } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import type { RiskFilter } from "../api/admin-users-api";
import { AdminPagedList } from "../components/admin-paged-list";
import { PendingRoleGrants } from "../components/pending-role-grants";
import { RiskBadge } from "../components/risk-badge";
import { UserBadges } from "../components/user-badges";
import { useAdminUsers } from "../hooks/use-admin-users";

function UserRow({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  return (
    <li data-testid="admin-user-row">
      <Link
        to={`/admin/users/${encodeURIComponent(user.id)}`}
        className="grid gap-1 rounded-xl border border-night-700 bg-night-850 px-4 py-3 hover:border-amber-300 focus-visible:outline-2 focus-visible:outline-amber-300"
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-white wrap-anywhere">{user.nickname}</span>
          <UserBadges user={user} />
          <RiskBadge risk={user.risk} />
        </span>
        <span className="text-sm text-slate-300 wrap-anywhere">{user.email}</span>
        <span className="text-xs text-muted">
          {t("users.codeAndDate", {
            code: user.referralCode,
            date: formatDate(user.createdAt, language),
          })}
        </span>
      </Link>
    </li>
  );
}

/** The review queue lives in the URL (`?risk=high`): a link opens it directly. */
const riskOf = (value: string | null): RiskFilter =>
  value === "high" || value === "medium" ? value : undefined;

const FILTERS = [
  { risk: undefined, to: "/admin/users", label: "all" },
  { risk: "high", to: "/admin/users?risk=high", label: "high" },
  { risk: "medium", to: "/admin/users?risk=medium", label: "medium" },
] as const;

const filterClass = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-amber-300 ${
    active
      ? "border-amber-300 bg-amber-300/15 text-amber-100"
      : "border-night-600 text-slate-200 hover:border-amber-300/70"
  }`;

function RiskFilters({ risk }: { risk: RiskFilter }) {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("risk.filter.label")} data-testid="admin-users-risk-filter">
      <ul className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <li key={filter.label}>
            <Link
              to={filter.to}
              aria-current={filter.risk === risk ? "page" : undefined}
              className={filterClass(filter.risk === risk)}
            >
              {t(`risk.filter.${filter.label}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AdminUsersPage() {
  const { t } = useTranslation("admin");
  const title = t("pages.users");
  const [searchParams] = useSearchParams();
  const risk = riskOf(searchParams.get("risk"));
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const users = useAdminUsers(q, risk);

  function submit(event: FormEvent) {
    event.preventDefault();
    setQ(typed.trim());
  }

  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <PendingRoleGrants />
      <form
        onSubmit={submit}
        data-testid="admin-users-search"
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <TextField
          label={t("users.search")}
          hint={t("users.searchHint")}
          type="search"
          name="q"
          maxLength={100}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit">{t("users.searchSubmit")}</Button>
      </form>
      <RiskFilters risk={risk} />
      <AdminPagedList
        query={users}
        empty={
          <p className="text-muted">
            {q ? t("users.noMatch") : risk ? t(`risk.empty.${risk}`) : t("users.empty")}
          </p>
        }
        className="grid gap-3"
        listClassName="grid gap-2"
        label={t("users.results")}
      >
        {(user) => <UserRow key={user.id} user={user} />}
      </AdminPagedList>
    </div>
  );
}
