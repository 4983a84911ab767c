import type { CommunityLinkId } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Logo } from "../../components/ui/logo";
import { PrivacySettingsButton } from "../../features/cookie-consent";
import { LEGAL_PATHS, useCommunityLinks } from "../../features/legal";

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
  // Admin-set (GET /api/legal): a link shows once known, and only when set.
  const community = useCommunityLinks();
  const linksTo = (entries: [CommunityLinkId, string][]) =>
    entries.flatMap(([id, label]) => {
      const href = community?.[id];
      return href
        ? [
            <External key={id} href={href}>
              {label}
            </External>,
          ]
        : [];
    });
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
    { title: t("footer.resources"), links: linksTo([["whitePaper", t("footer.whitePaper")]]) },
    {
      title: t("footer.community"),
      links: linksTo([
        ["telegram", t("footer.messaging")],
        ["x", t("footer.microblog")],
        ["facebook", t("footer.social")],
      ]),
    },
    {
      title: t("footer.legal"),
      links: [
        <Link key="mentions" to={LEGAL_PATHS.mentions} className={linkClass}>
          {t("footer.mentions")}
        </Link>,
        <Link key="terms" to={LEGAL_PATHS.terms} className={linkClass}>
          {t("footer.terms")}
        </Link>,
        <Link key="privacy" to={LEGAL_PATHS.privacy} className={linkClass}>
          {t("footer.privacyPolicy")}
        </Link>,
        <Link key="cookies" to={LEGAL_PATHS.cookies} className={linkClass}>
          {t("footer.cookiePolicy")}
        </Link>,
        <PrivacySettingsButton key="settings" className="text-left" />,
      ],
    },
  ].filter((group) => group.links.length > 0);

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
