import { isPlaceholderEmail } from "@fre/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { isApiError } from "../../../lib/api-client";
import { useMe } from "../../../lib/session";
import { useSignOut } from "../../auth";
import { DailyRemindersSlot } from "../../daily";
import { LanguagePicker } from "../../preferences";
import { forgetDeviceForSignOut, InstallApp, PushSettings } from "../../pwa";
import { ChangePasswordForm } from "../components/change-password-form";
import { ReferralCode } from "../components/referral-code-card";
import { TelegramRemindersSection } from "../components/telegram-reminders-section";
import { YourDataSection } from "../components/your-data-section";

const card = "rounded-2xl border border-night-700 bg-night-850 p-5";

export function ProfilePage() {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const { data: me } = useMe();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<string>();
  const title = tc("pages.profile");

  if (!me) return null;

  async function handleSignOut() {
    setSigningOut(true);
    setError(undefined);
    try {
      // A failure here must not keep the user signed in.
      await forgetDeviceForSignOut().catch(() => undefined);
      await signOut();
      navigate("/login", { replace: true });
    } catch (caught) {
      setSigningOut(false);
      setError(isApiError(caught) ? caught.message : tc("errors.generic"));
    }
  }

  return (
    <div className="grid gap-5">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-amber-300 to-amber-500 text-2xl font-bold text-night-950"
        >
          {me.nickname.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <PageTitle title={title}>{title}</PageTitle>
          <p className="text-muted">{me.nickname}</p>
        </div>
      </div>

      <section className={card} aria-labelledby="account-title">
        <h2 id="account-title" className="text-lg font-semibold text-white">
          {t("profile.account")}
        </h2>
        <dl className="mt-4 grid gap-4">
          <div>
            <dt className="text-sm text-muted">{t("profile.nickname")}</dt>
            <dd className="font-medium text-slate-100">{me.nickname}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t("profile.email")}</dt>
            <dd className="flex flex-wrap items-center gap-2 font-medium text-slate-100">
              <span className="break-all">{isPlaceholderEmail(me.email) ? "—" : me.email}</span>
              <span
                data-testid="email-status"
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                  me.emailVerified
                    ? "bg-emerald-400/15 text-emerald-200"
                    : "bg-amber-400/15 text-amber-200"
                }`}
              >
                {me.emailVerified ? t("profile.verified") : t("profile.unverified")}
              </span>
            </dd>
          </div>
        </dl>
        <div className="mt-4 border-t border-night-700 pt-4">
          <ReferralCode code={me.referralCode} />
        </div>
      </section>

      <section className={card} aria-labelledby="circle-link-title">
        <h2 id="circle-link-title" className="text-lg font-semibold text-white">
          {t("circleLink.title")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("circleLink.profileText")}</p>
        <Link
          to="/circle"
          className="mt-3 inline-block text-amber-200 underline underline-offset-2"
          data-testid="profile-circle-link"
        >
          {t("circleLink.open")}
        </Link>
      </section>
      <section className={card} aria-labelledby="language-title">
        <h2 id="language-title" className="text-lg font-semibold text-white">
          {t("profile.language")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("profile.languageHint")}</p>
        <LanguagePicker
          className="mt-3 w-fit"
          label={t("profile.language")}
          testId="profile-language-picker"
        />
      </section>

      <section className={card} aria-labelledby="push-title">
        <PushSettings />
      </section>

      <section className={card} aria-labelledby="telegram-reminders-title">
        <TelegramRemindersSection />
      </section>

      <section className={card}>
        <DailyRemindersSlot />
      </section>

      <section className={card} aria-labelledby="install-title">
        <InstallApp />
      </section>

      <section className={card}>
        <ChangePasswordForm />
      </section>

      <div className={card}>
        <YourDataSection />
      </div>

      <section className={card} aria-labelledby="session-title">
        <h2 id="session-title" className="text-lg font-semibold text-white">
          {t("profile.session")}
        </h2>
        {error ? (
          <Alert tone="error" className="mt-3">
            {error}
          </Alert>
        ) : null}
        <Button
          variant="danger"
          className="mt-3 w-full sm:w-auto"
          disabled={signingOut}
          onClick={handleSignOut}
        >
          {signingOut ? t("profile.signingOut") : t("profile.signOut")}
        </Button>
      </section>
    </div>
  );
}
