import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import { FeatureGuard } from "../../platform-status";
import { TonConnectScope } from "../../ton";

// The screen talks to the wallet widget: it loads with it, inside TonConnectScope.
const ShopScreen = lazy(() =>
  import("../components/shop-screen").then((m) => ({ default: m.ShopScreen })),
);

/** Says « temporairement indisponible » while the shop is switched off. */
export function ShopPage() {
  return (
    <FeatureGuard feature="shop">
      <ShopContent />
    </FeatureGuard>
  );
}

function ShopContent() {
  const { t } = useTranslation("shop");
  const { t: tc } = useTranslation();
  const title = tc("pages.shop");
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <p className="text-sm text-slate-300">{t("intro")}</p>
      <TonConnectScope>
        <ShopScreen />
      </TonConnectScope>
    </div>
  );
}
