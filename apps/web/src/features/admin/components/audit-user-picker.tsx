import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/text-field";
import { useAdminUserSearch } from "../hooks/use-admin-users";

export interface PickedUser {
  id: string;
  nickname: string;
}

/**
 * A user chosen by searching their nickname or e-mail (the users list's own search), never by
 * typing an id: the audit filters' "admin" and "about the user".
 */
export function AuditUserPicker({
  label,
  testId,
  value,
  onChange,
}: {
  label: string;
  testId: string;
  value: PickedUser | null;
  onChange: (user: PickedUser | null) => void;
}) {
  const { t } = useTranslation("admin");
  const inputId = useId();
  const [text, setText] = useState("");
  const q = text.trim();
  const matches = useAdminUserSearch(q);
  const found = matches.data?.pages[0]?.items.slice(0, 6) ?? [];

  if (value) {
    return (
      <div className="grid gap-1" data-testid={testId}>
        <span className="text-sm font-medium text-slate-200">{label}</span>
        <span className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-night-700 px-3 py-1 text-sm text-slate-100">
            {t("audit.filters2.chosen", { nickname: value.nickname })}
          </span>
          <Button variant="secondary" onClick={() => onChange(null)}>
            {t("audit.filters2.clear")}
          </Button>
        </span>
      </div>
    );
  }
  return (
    <div className="grid gap-1" data-testid={testId}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={inputId}
        className={inputClasses}
        type="search"
        maxLength={100}
        placeholder={t("audit.filters2.search")}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {q.length >= 2 && matches.isSuccess ? (
        found.length === 0 ? (
          <p className="text-sm text-muted">{t("audit.filters2.noMatch")}</p>
        ) : (
          <ul className="grid gap-1">
            {found.map((user) => (
              <li key={user.id}>
                <button
                  type="button"
                  className="w-full rounded-lg px-3 py-2 text-left text-sm text-slate-100 hover:bg-night-700 focus-visible:outline-2 focus-visible:outline-amber-300"
                  onClick={() => {
                    setText("");
                    onChange({ id: user.id, nickname: user.nickname });
                  }}
                >
                  {user.nickname} · <span className="text-muted">{user.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
