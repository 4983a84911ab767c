import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ButtonLink } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { squadPath } from "../squad-path";
import { card } from "./squad-card-styles";

/**
 * A visitor opening a shared squad link (the squad's page needs a session): why to sign up, and
 * the sign-up with the creator's referral code kept (`/register?ref=`), coming back here after.
 */
export function SquadInvite({ id, referralCode }: { id: string; referralCode: string | null }) {
  const { t } = useTranslation("app", { keyPrefix: "squads" });
  const title = t("invite.title");
  const back = { from: { pathname: squadPath(id) } };
  const register = referralCode ? `/register?ref=${encodeURIComponent(referralCode)}` : "/register";
  return (
    <div className="mx-auto grid w-full max-w-lg gap-5">
      <PageTitle title={title}>{title}</PageTitle>
      <section className={card}>
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
