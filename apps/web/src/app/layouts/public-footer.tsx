import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Logo } from "../../components/ui/logo";
import { PrivacySettingsButton } from "../../features/cookie-consent";
import { EXTERNAL_LINKS } from "../../lib/external-links";

const linkClass =
  "rounded text-sm text-muted underline-offset-4 hover:text-amber-200 hover:underline";

function External({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
    </a>
  );
}

/** Footer of the landing and the other public pages (spec §2 footer links). */
export function PublicFooter() {
  const { t } = useTranslation("landing");
  const groups = [
    {
      title: t("footer.app"),
      links: [
        <Link key="register" to="/register" className={linkClass}>
          {t("footer.register")}
        </Link>,
        <Link key="login" to="/login" className={linkClass}>
          {t("footer.login")}
        </Link>,
        <Link key="faq" to="/faq" className={linkClass}>
          {t("footer.faq")}
        </Link>,
      ],
    },
    {
      title: t("footer.resources"),
      links: [
        <External key="wp" href={EXTERNAL_LINKS.whitePaper}>
          {t("footer.whitePaper")}
        </External>,
        <External key="site" href={EXTERNAL_LINKS.officialSite}>
          {t("footer.officialSite")}
        </External>,
      ],
    },
    {
      title: t("footer.community"),
      links: [
        <External key="community" href={EXTERNAL_LINKS.community}>
          {t("footer.messaging")}
        </External>,
        <External key="microblog" href={EXTERNAL_LINKS.microblog}>
          {t("footer.microblog")}
        </External>,
        <External key="social" href={EXTERNAL_LINKS.socialNetwork}>
          {t("footer.social")}
        </External>,
      ],
    },
    {
      title: t("footer.legal"),
      links: [
        <External key="privacy" href={EXTERNAL_LINKS.privacyPolicy}>
          {t("footer.privacyPolicy")}
        </External>,
        <External key="terms" href={EXTERNAL_LINKS.terms}>
          {t("footer.terms")}
        </External>,
        <PrivacySettingsButton key="settings" className="text-left" />,
      ],
    },
  ];

  return (
    <footer className="border-t border-night-700 bg-night-950/60">
      <div className="mx-auto grid max-w-6xl gap-8 px-5 py-10 sm:grid-cols-[1.2fr_repeat(4,1fr)]">
        <div className="flex flex-col gap-3">
          <span className="flex items-center gap-2 text-lg font-bold text-white">
            <Logo className="size-8" />
            FRE
          </span>
          <p className="max-w-xs text-sm text-muted">{t("footer.tagline")}</p>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-xs font-semibold uppercase tracking-wider text-slate-300">
              {group.title}
            </h2>
            <ul className="mt-3 grid gap-2">
              {group.links.map((link) => (
                <li key={link.key}>{link}</li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-night-800 px-5 py-5 text-center text-xs text-muted">
        {t("footer.copyright")}
      </p>
    </footer>
  );
}
