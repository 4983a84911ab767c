import type { AdminUserSearchHit } from "@fre/shared";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { SEARCH_MIN_LENGTH, useAdminUserSearch } from "../hooks/use-admin-user-search";

const userPath = (hit: AdminUserSearchHit) => `/admin/users/${encodeURIComponent(hit.id)}`;

/** The answer whose e-mail, nickname, @telegram or id is exactly what was typed. */
function exactHit(hits: AdminUserSearchHit[], typed: string): AdminUserSearchHit | undefined {
  const wanted = typed.trim().toLowerCase();
  return hits.find((hit) =>
    [
      hit.email,
      hit.nickname,
      hit.telegramUsername && `@${hit.telegramUsername}`,
      hit.walletAddress,
      hit.id,
    ].some((value) => value?.toLowerCase() === wanted),
  );
}

/**
 * The header's user search (decision 0057): an ARIA combobox whose listbox fills as the admin
 * types — e-mail, nickname, Telegram username, wallet address or user id. Arrows move through
 * the answers, a click opens the user's page, Enter opens the chosen one, else the one answer or
 * the one typed exactly (an Enter before the answers came opens it when they come); Escape
 * closes the list.
 */
export function AdminUserSearch() {
  const { t } = useTranslation("admin");
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [enterPending, setEnterPending] = useState(false);
  const { q, query } = useAdminUserSearch(text);
  const hits = q ? (query.data?.items ?? []) : [];
  const expanded = open && q.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  const settled = q !== "" && q === text.trim() && query.isSuccess && !query.isPlaceholderData;
  const target = exactHit(hits, text) ?? (hits.length === 1 ? hits[0] : undefined);

  const choose = (hit: AdminUserSearchHit) => {
    setOpen(false);
    setText("");
    setActive(-1);
    setEnterPending(false);
    navigate(userPath(hit));
  };

  // An Enter typed before the answers came: opens the one meant once they are in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the answers settle
  useEffect(() => {
    if (!enterPending || !settled) return;
    setEnterPending(false);
    if (target) choose(target);
  }, [enterPending, settled, target]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (hits.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + hits.length) % hits.length);
    } else if (event.key === "Enter") {
      if (!text.trim()) return;
      event.preventDefault();
      const hit = settled ? (hits[active] ?? target) : undefined;
      if (hit) choose(hit);
      else if (!settled && text.trim().length >= SEARCH_MIN_LENGTH) setEnterPending(true);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  };

  let status = "";
  if (q) {
    if (query.isError) status = t("search.error");
    else if (query.isPending || query.isPlaceholderData) status = t("search.searching");
    else status = hits.length ? t("search.count", { count: hits.length }) : t("search.none");
  }

  return (
    <div className="relative w-full" data-testid="admin-user-search">
      <label htmlFor={`${id}-input`} className="sr-only">
        {t("search.label")}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-status`}
        placeholder={t("search.placeholder")}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          setEnterPending(false);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="min-h-10 w-full rounded-full border border-night-600 bg-night-850 px-4 text-sm text-white placeholder:text-slate-400 focus-visible:border-amber-300 focus-visible:outline-2 focus-visible:outline-amber-300"
      />
      <p id={`${id}-status`} className="sr-only" aria-live="polite">
        {status}
      </p>
      <div
        id={`${id}-listbox`}
        role="listbox"
        aria-label={t("search.results")}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70dvh] overflow-y-auto rounded-2xl border border-night-600 bg-night-900 p-1 shadow-xl"
      >
        {hits.map((hit, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox, which points at the option (aria-activedescendant)
          <div
            key={hit.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            data-testid="admin-search-hit"
            data-href={userPath(hit)}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(hit);
            }}
            className={`grid cursor-pointer gap-0.5 rounded-xl px-3 py-2 ${
              index === active ? "bg-night-700" : "hover:bg-night-800"
            }`}
          >
            <span className="font-semibold text-white wrap-anywhere">{hit.nickname}</span>
            <span className="text-xs text-slate-300 wrap-anywhere">
              {hit.email}
              {hit.telegramUsername ? ` · @${hit.telegramUsername}` : ""}
            </span>
            <span className="text-xs text-amber-200">{t(`search.matched.${hit.matchedBy}`)}</span>
          </div>
        ))}
        {hits.length === 0 && status ? (
          <p className="px-3 py-2 text-sm text-slate-300">{status}</p>
        ) : null}
      </div>
    </div>
  );
}
