import type { SquadDetail } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { Glyph } from "../../../components/ui/glyph";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { PageLoader } from "../../../components/ui/spinner";
import { useMe } from "../../../lib/session";
import { useJoinSquad, useLeaveSquad, useSquad } from "../api/use-squads";
import { CooldownNotice } from "../components/cooldown-notice";
import { card } from "../components/squad-card-styles";
import { SquadError } from "../components/squad-error";
import { SquadInvite } from "../components/squad-invite";
import { SquadMembers } from "../components/squad-members";
import { SquadShare } from "../components/squad-share";
import { SquadStats } from "../components/squad-stats";
import { SQUADS_PATH } from "../index";
import { weekSpan } from "../week-span";

/** Join when in no squad, leave when in this one; in another squad, nothing to do here. */
function Membership({ squad }: { squad: SquadDetail }) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const join = useJoinSquad();
  const leave = useLeaveSquad();
  const mine = squad.viewer.squadId === squad.id;
  const free = squad.viewer.squadId === null;
  return (
    <section className={card} aria-label={t("membership")}>
      {mine ? (
        <p className="text-emerald-200">{t("page.member")}</p>
      ) : free ? null : (
        <p className="text-sm text-muted">{t("page.otherSquad")}</p>
      )}
      {free ? <CooldownNotice until={squad.viewer.cooldownUntil} /> : null}
      {free && !squad.hidden ? (
        <Button
          size="lg"
          data-testid="squad-join"
          disabled={join.isPending}
          onClick={() => join.mutate(squad.id)}
        >
          {t("join")}
        </Button>
      ) : null}
      {mine ? (
        <Button
          variant="ghost"
          data-testid="squad-leave"
          disabled={leave.isPending}
          onClick={() => leave.mutate()}
        >
          {t("leave")}
        </Button>
      ) : null}
      <SquadError error={join.error ?? leave.error} />
    </section>
  );
}

function SquadView({ squad }: { squad: SquadDetail }) {
  const { t, i18n } = useTranslation("app", { keyPrefix: "squads" });
  return (
    <>
      <div className="grid gap-1">
        <PageTitle title={squad.name}>
          <span data-testid="squad-name" className="break-all">
            {squad.name}
          </span>
        </PageTitle>
        <p className="text-muted">{t("page.week", weekSpan(squad, i18n.language))}</p>
      </div>
      {squad.hidden ? <p className="text-sm text-amber-200">{t("page.hidden")}</p> : null}
      <SquadStats rank={squad.rank} mined={squad.mined} members={squad.memberCount} />
      {squad.telegramUrl ? (
        <a
          href={squad.telegramUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="squad-telegram"
          className="inline-flex items-center gap-2 font-semibold text-amber-200 underline-offset-4 hover:underline"
        >
          {t("page.telegram")}
          <Glyph name="external" className="size-4" />
        </a>
      ) : null}
      <Membership squad={squad} />
      {squad.hidden ? null : (
        <SquadShare id={squad.id} name={squad.name} inviteCode={squad.inviteCode} />
      )}
      <SquadMembers members={squad.members} />
    </>
  );
}

/**
 * /squad/:id: open to everyone, as the share link is. A member sees the squad and acts on it; a
 * visitor is asked to sign up, the link's referral code kept.
 */
export function SquadPage() {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const me = useMe();
  const signedIn = Boolean(me.data);
  const squad = useSquad(id, signedIn);
  if (me.isPending) return <PageLoader />;
  if (!signedIn) return <SquadInvite id={id} referralCode={params.get("ref")} />;
  return (
    <div className="grid grid-cols-1 gap-5">
      <Link to={SQUADS_PATH} className="text-sm text-amber-200 underline-offset-4 hover:underline">
        {t("page.back")}
      </Link>
      <QueryState query={squad}>{(data) => <SquadView squad={data} />}</QueryState>
    </div>
  );
}
