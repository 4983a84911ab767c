import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useContest } from "../hooks";
import { useSaveContestLinks } from "./use-save-contest-links";

const SOCIAL_LEVELS = [1, 2, 3, 4, 5] as const;

/** The 5 social tasks' links (PUT /api/admin/contest/links), prefilled from GET /api/contest. */
export function AdminContestLinks() {
  const { t } = useTranslation("contest");
  const { t: tc } = useTranslation();
  const contest = useContest();
  const save = useFormMutation(useSaveContestLinks(), { fallback: tc("errors.generic") });
  const [urls, setUrls] = useState<Record<number, string>>({});
  const headingId = useId();
  const levels = contest.data?.levels;

  useEffect(() => {
    if (!levels) return;
    setUrls(
      Object.fromEntries(
        levels.filter((level) => level.level <= 5).map((level) => [level.level, level.url ?? ""]),
      ),
    );
  }, [levels]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const links = SOCIAL_LEVELS.map((level) => ({ level, url: (urls[level] ?? "").trim() })).filter(
      (link) => link.url !== "",
    );
    if (links.length > 0) save.submit(links);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-2xl border border-night-700 bg-night-900 p-4 sm:p-5"
    >
      <div>
        <h2 id={headingId} className="text-lg font-bold text-white">
          {t("admin.title")}
        </h2>
        <p className="text-sm text-muted">{t("admin.intro")}</p>
      </div>
      <form data-testid="admin-contest-links-form" onSubmit={submit} className="grid gap-3">
        {SOCIAL_LEVELS.map((level) => {
          const task = levels?.find((item) => item.level === level)?.task ?? "join_chat";
          return (
            <TextField
              key={level}
              type="url"
              inputMode="url"
              label={t("admin.urlLabel", {
                level,
                task: t(`tasks.${task}` as "tasks.join_chat"),
              })}
              value={urls[level] ?? ""}
              onChange={(event) => {
                save.reset();
                setUrls((current) => ({ ...current, [level]: event.target.value }));
              }}
              placeholder="https://"
            />
          );
        })}
        {contest.isError ? <Alert tone="error">{contest.error.message}</Alert> : null}
        {save.error ? <Alert tone="error">{save.error}</Alert> : null}
        {save.done ? <Alert tone="success">{t("admin.saved")}</Alert> : null}
        <Button type="submit" disabled={save.pending} className="sm:justify-self-start">
          {t("admin.save")}
        </Button>
      </form>
    </section>
  );
}
