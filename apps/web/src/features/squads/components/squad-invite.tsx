import type { SquadPreview } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ButtonLink } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { Spinner } from "../../../components/ui/spinner";
import { useSquadPreview } from "../api/use-squads";
import { squadPath } from "../squad-path";
import { weekSpan } from "../week-span";
import { card } from "./squad-card-styles";
import { SquadStats } from "./squad-stats";

/** The squad's public facts (name, rank, FRE, members), or why there are none to show. */
function PreviewFacts({ preview }: { preview: ReturnType<typeof useSquadPreview> }) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  if (preview.data) return <Facts squad={preview.data} />;
  if (preview.isError) {
    return (
      <p className="text-sm text-amber-200" data-testid="squad-invite-gone">
        {t("invite.gone")}
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-muted" role="status">
      <Spinner className="size-4" />
      {t("invite.loading")}
    </p>
  );
}

function Facts({ squad }: { squad: SquadPreview }) {
  const { t, i18n } = useTranslation("app", { keyPrefix: "squads" });
  return (
    <div className="grid gap-3" data-testid="squad-invite-preview">
      <p className="text-sm text-muted">{t("page.week", weekSpan(squad, i18n.language))}</p>
      <h2 className="break-all text-2xl font-bold text-slate-100" data-testid="squad-invite-name">
        {squad.name}
      </h2>
      <SquadStats rank={squad.rank} mined={squad.mined} members={squad.memberCount} />
    </div>
  );
}

/**
 * A visitor opening a shared squad link: the squad's public preview (decision 0076), why to sign
 * up, and the sign-up with the creator's referral code kept (`/register?ref=`), coming back here
 * after. The link's own code wins; the preview's is the creator's too (a link without `?ref=`).
 */
export function SquadInvite({ id, referralCode }: { id: string; referralCode: string | null }) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const preview = useSquadPreview(id);
  const title = t("invite.title");
  const back = { from: { pathname: squadPath(id) } };
  const code = referralCode ?? preview.data?.inviteCode ?? null;
  const register = code ? `/register?ref=${encodeURIComponent(code)}` : "/register";
  return (
    <div className="mx-auto grid w-full max-w-lg gap-5">
      <PageTitle title={title}>{title}</PageTitle>
      <section className={card} aria-label={t("invite.preview")}>
        <PreviewFacts preview={preview} />
        <p className="text-slate-300">{t("invite.text")}</p>
        <ButtonLink to={register} state={back} size="lg" data-testid="squad-signup">
          {t("invite.signup")}
        </ButtonLink>
        <p className="text-center text-sm text-muted">
          <Link
            to="/login"
            state={back}
            className="font-semibold text-amber-200 underline-offset-4 hover:underline"
          >
            {t("invite.login")}
          </Link>
        </p>
      </section>
    </div>
  );
}
