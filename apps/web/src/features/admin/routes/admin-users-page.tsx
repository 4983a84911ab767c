import type { AdminUserRow } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { formatDate } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
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

export function AdminUsersPage() {
  const { t } = useTranslation("admin");
  const title = t("pages.users");
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const users = useAdminUsers(q);

  function submit(event: FormEvent) {
    event.preventDefault();
    setQ(typed.trim());
  }

  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
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
      <QueryState
        query={users}
        isEmpty={(data) => data.pages[0]?.items.length === 0}
        empty={<p className="text-muted">{q ? t("users.noMatch") : t("users.empty")}</p>}
      >
        {(data) => (
          <div className="grid gap-3">
            <ul className="grid gap-2" aria-label={t("users.results")}>
              {data.pages.flatMap((page) =>
                page.items.map((user) => <UserRow key={user.id} user={user} />),
              )}
            </ul>
            {users.hasNextPage ? (
              <Button
                variant="secondary"
                className="sm:w-fit"
                disabled={users.isFetchingNextPage}
                onClick={() => void users.fetchNextPage()}
              >
                {users.isFetchingNextPage ? t("users.loading") : t("users.more")}
              </Button>
            ) : null}
          </div>
        )}
      </QueryState>
    </div>
  );
}
