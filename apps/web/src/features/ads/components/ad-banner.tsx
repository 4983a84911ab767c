import type { AdPlacement, PublicAd } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { pickWeighted } from "../ads-logic";
import { adsQueryOptions, countAdEvent } from "../api/ads-api";

/**
 * One first-party ad of the placement, drawn by weight once per screen view. Its impression is
 * counted once, when its image has shown; a click when its link is followed. Nothing shows when
 * there is no ad, the list fails or the image does not load. No cookie, no storage, no
 * identifier: the same banner for everyone (decision 0027).
 */
export function AdBanner({ placement }: { placement: AdPlacement }) {
  const { t } = useTranslation("ads");
  const ads = useQuery(adsQueryOptions(placement));
  const [ad, setAd] = useState<PublicAd | null>(() =>
    ads.data ? pickWeighted(ads.data.items) : null,
  );
  const [broken, setBroken] = useState(false);
  const counted = useRef(false);

  // Drawn once: a background refresh of the list does not swap the ad under the user's eyes.
  useEffect(() => {
    if (ad === null && ads.data) setAd(pickWeighted(ads.data.items));
  }, [ad, ads.data]);

  if (ads.isError || !ad || broken) return null;
  return (
    <aside
      aria-label={t("label")}
      className="relative overflow-hidden rounded-2xl border border-night-700 bg-night-850"
      data-testid={`ad-banner-${placement}`}
    >
      <a
        href={ad.linkUrl}
        target="_blank"
        rel="noopener sponsored"
        referrerPolicy="no-referrer"
        className="block focus-visible:outline-2 focus-visible:outline-amber-300"
        onClick={() => countAdEvent(ad.id, "click")}
        data-testid="ad-link"
      >
        <img
          src={ad.imageUrl}
          alt={ad.title}
          loading="lazy"
          decoding="async"
          className="block h-auto max-h-48 w-full object-cover"
          onLoad={() => {
            if (counted.current) return;
            counted.current = true;
            countAdEvent(ad.id, "impression");
          }}
          onError={() => setBroken(true)}
        />
      </a>
      <span className="pointer-events-none absolute top-2 left-2 rounded-md bg-night-950/80 px-1.5 py-0.5 text-[0.7rem] font-semibold text-slate-100">
        {t("label")}
      </span>
    </aside>
  );
}
