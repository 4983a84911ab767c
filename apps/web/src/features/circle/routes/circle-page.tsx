import type { Circle } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { useAddCircleMember, useCircle, useRemoveCircleMember } from "../hooks";

const card = "grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-5";

function CircleStatus({ circle }: { circle: Circle }) {
  const { t } = useTranslation("app", { keyPrefix: "circle" });
  return (
    <section className={card} aria-labelledby="circle-status-title" data-testid="circle-status">
      <h2 id="circle-status-title" className="text-lg font-semibold text-white">
        {t("status.title")}
      </h2>
      <p className={circle.complete ? "text-emerald-200" : "text-amber-200"}>
        {circle.complete
          ? t("status.complete", { max: circle.maxCountedReferrals })
          : t("status.incomplete", { cap: circle.referralCap })}
      </p>
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-xl border border-night-700 bg-night-900 p-3 text-center">
          <dt className="text-xs text-muted">{t("status.counting")}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums text-white">
            {t("status.countingValue", {
              count: circle.activeCount,
              needed: circle.minActive,
            })}
          </dd>
        </div>
        <div className="rounded-xl border border-night-700 bg-night-900 p-3 text-center">
          <dt className="text-xs text-muted">{t("status.cap")}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums text-amber-200">
            {t("status.capValue", { cap: circle.referralCap, max: circle.maxCountedReferrals })}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function MemberList({ circle }: { circle: Circle }) {
  const { t } = useTranslation("app", { keyPrefix: "circle" });
  const remove = useRemoveCircleMember();
  if (circle.members.length === 0) {
    return <p className="text-muted">{t("members.empty")}</p>;
  }
  return (
    <>
      <ul className="grid gap-2" data-testid="circle-members">
        {circle.members.map((member) => (
          <li
            key={member.userId}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-night-700 bg-night-900 px-3 py-2"
          >
            <span className="grid">
              <span className="break-all font-medium text-white">{member.nickname}</span>
              <span className={`text-sm ${member.active ? "text-emerald-200" : "text-slate-300"}`}>
                {member.suspended
                  ? t("members.suspended")
                  : member.active
                    ? t("members.active")
                    : t("members.inactive")}
              </span>
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={remove.isPending}
              aria-label={t("members.removeNamed", { nickname: member.nickname })}
              onClick={() => remove.mutate(member.userId)}
            >
              {t("members.remove")}
            </Button>
          </li>
        ))}
      </ul>
      {remove.error ? (
        <Alert tone="error">
          {isApiError(remove.error) ? remove.error.message : t("members.removeFailed")}
        </Alert>
      ) : null}
    </>
  );
}

function AddMemberForm({ circle }: { circle: Circle }) {
  const { t } = useTranslation("app", { keyPrefix: "circle" });
  const add = useAddCircleMember();
  const [userRef, setUserRef] = useState("");
  const full = circle.members.length >= circle.maxMembers;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = userRef.trim();
    if (value === "") return;
    add.mutate(value, { onSuccess: () => setUserRef("") });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" data-testid="circle-add-form">
      <TextField
        name="userRef"
        label={t("add.label")}
        hint={t("add.hint")}
        autoComplete="off"
        maxLength={32}
        value={userRef}
        disabled={full}
        onChange={(event) => {
          setUserRef(event.target.value);
          add.reset();
        }}
      />
      {full ? (
        <p className="text-sm text-muted">{t("add.full", { max: circle.maxMembers })}</p>
      ) : null}
      {add.isSuccess ? (
        <p role="status" className="text-sm text-emerald-200">
          {t("add.added")}
        </p>
      ) : null}
      {add.error ? (
        <Alert tone="error">{isApiError(add.error) ? add.error.message : t("add.failed")}</Alert>
      ) : null}
      <Button
        type="submit"
        className="justify-self-start"
        disabled={full || add.isPending || userRef.trim() === ""}
      >
        {t("add.submit")}
      </Button>
    </form>
  );
}

/** /circle: the people I name, who counts now, and what my circle gives (decision 0043). */
export function CirclePage() {
  const { t } = useTranslation("app", { keyPrefix: "circle" });
  const circle = useCircle();
  return (
    <div className="grid grid-cols-1 gap-5">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <QueryState query={circle} error={t("loadFailed")}>
        {(data) => (
          <>
            <CircleStatus circle={data} />
            <section className={card} aria-labelledby="circle-members-title">
              <h2 id="circle-members-title" className="text-lg font-semibold text-white">
                {t("members.title", { count: data.members.length, max: data.maxMembers })}
              </h2>
              <MemberList circle={data} />
              <AddMemberForm circle={data} />
            </section>
            <section className={card} aria-labelledby="circle-rules-title">
              <h2 id="circle-rules-title" className="text-lg font-semibold text-white">
                {t("rules.title")}
              </h2>
              <ul className="grid list-disc gap-1 pl-5 text-slate-200">
                <li>{t("rules.name", { min: data.minMembers, max: data.maxMembers })}</li>
                <li>{t("rules.counts")}</li>
                <li>
                  {t("rules.bonus", {
                    min: data.minActive,
                    max: data.maxCountedReferrals,
                    cap: data.capWithout,
                  })}
                </li>
                <li>{t("rules.private")}</li>
              </ul>
              <Link to="/group" className="text-amber-200 underline underline-offset-2">
                {t("rules.groupLink")}
              </Link>
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
