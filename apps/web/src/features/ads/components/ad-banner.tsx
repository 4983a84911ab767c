import type { AdPlacement, PublicAd } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { pickWeighted } from "../ads-logic";
import { adsQueryOptions, countAdEvent } from "../api/ads-api";

/** Half the banner on screen: what counts as "shown". */
const SHOWN_RATIO = 0.5;

/**
 * Calls `onShown` once, the first time the element is at least half on screen while `ready`
 * (its image has loaded). Without IntersectionObserver, once `ready`.
 */
function useShownOnce(ref: RefObject<HTMLElement | null>, ready: boolean, onShown: () => void) {
  const done = useRef(false);
  const callback = useRef(onShown);
  callback.current = onShown;
  useEffect(() => {
    const element = ref.current;
    if (!ready || done.current || !element) return;
    const shown = () => {
      if (done.current) return;
      done.current = true;
      callback.current();
    };
    if (typeof IntersectionObserver === "undefined") {
      shown();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio >= SHOWN_RATIO)) {
          shown();
          observer.disconnect();
        }
      },
      { threshold: SHOWN_RATIO },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, ready]);
}

/**
 * One first-party ad of the placement, drawn by weight once per screen view. Its impression is
 * counted once, when its image has loaded and half of it is on screen; a click when its link is
 * followed. Nothing shows when there is no ad, the list fails or the image does not load. No
 * cookie, no storage, no identifier: the same banner for everyone (decision 0027).
 */
export function AdBanner({ placement }: { placement: AdPlacement }) {
  const { t } = useTranslation("ads");
  const ads = useQuery(adsQueryOptions(placement));
  const [ad, setAd] = useState<PublicAd | null>(() =>
    ads.data ? pickWeighted(ads.data.items) : null,
  );
  const [loaded, setLoaded] = useState(false);
  const [broken, setBroken] = useState(false);
  const box = useRef<HTMLElement>(null);

  // Drawn once: a background refresh of the list does not swap the ad under the user's eyes.
  useEffect(() => {
    if (ad === null && ads.data) setAd(pickWeighted(ads.data.items));
  }, [ad, ads.data]);
  useShownOnce(box, loaded && ad !== null, () => {
    if (ad) countAdEvent(ad.id, "impression");
  });

  if (ads.isError || !ad || broken) return null;
  return (
    <aside
      ref={box}
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
        {/* A 3:1 box kept before the image arrives: nothing below it moves. */}
        <img
          src={ad.imageUrl}
          alt={ad.title}
          loading="lazy"
          decoding="async"
          className="block aspect-[3/1] w-full object-cover"
          onLoad={() => setLoaded(true)}
          onError={() => setBroken(true)}
        />
        {/* Said, not shown: the link leaves FRE for a new tab. */}
        <span className="sr-only"> {t("opensInNewTab")}</span>
      </a>
      <span className="pointer-events-none absolute top-2 left-2 rounded-md bg-night-950/80 px-1.5 py-0.5 text-[0.7rem] font-semibold text-slate-100">
        {t("label")}
      </span>
    </aside>
  );
}
