import type { SquadDetail } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { card } from "./squad-card-styles";

/** The members, the week's best first (the server's order), each with what they mined. */
export function SquadMembers({ members }: { members: SquadDetail["members"] }) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const { language } = useLanguage();
  return (
    <section className={card} aria-labelledby="squad-members-title">
      <h2 id="squad-members-title" className="text-lg font-semibold text-white">
        {t("stats.members")}
      </h2>
      {members.length === 0 ? (
        <p className="text-muted">{t("members.empty")}</p>
      ) : (
        <ul className="grid gap-2" data-testid="squad-members">
          {members.map((member) => (
            <li
              key={member.nickname}
              data-testid="squad-member"
              className={`flex flex-wrap items-center justify-between gap-2 rounded-xl border px-3 py-2 ${
                member.me ? "border-amber-300 bg-amber-300/10" : "border-night-700 bg-night-900"
              }`}
            >
              <span className="break-all font-medium text-white">
                {member.nickname}
                {member.creator ? (
                  <span className="ml-2 text-sm text-amber-200">{t("members.creator")}</span>
                ) : null}
                {member.me ? (
                  <span className="ml-2 text-sm text-muted">{t("members.you")}</span>
                ) : null}
              </span>
              <span className="tabular-nums text-slate-100">
                {t("fre", { amount: formatFreSafe(member.mined, language, "balance") })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
