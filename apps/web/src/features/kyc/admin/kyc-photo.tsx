import type { KycFileSlot } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/spinner";
import { adminKycPhotoQueryOptions } from "../api/kyc-api";

/** An object URL for `blob` while it is shown, revoked as soon as it is not. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/**
 * A document photo, read with the admin's session and shown from memory (a blob URL, revoked
 * when it goes): the bytes never sit under an address another tab or the cache could reuse.
 */
export function KycPhoto({
  userId,
  slot,
  alt,
}: {
  userId: string;
  slot: KycFileSlot;
  alt: string;
}) {
  const { t } = useTranslation("kyc");
  const photo = useQuery(adminKycPhotoQueryOptions(userId, slot));
  const objectUrl = useObjectUrl(photo.data);
  if (photo.isError) {
    return (
      <p role="alert" className="text-sm text-rose-300">
        {photo.error.message || t("admin.photoError")}
      </p>
    );
  }
  if (!objectUrl) {
    return (
      <div className="flex h-40 items-center justify-center rounded-xl bg-night-900">
        <Spinner />
      </div>
    );
  }
  return (
    <a href={objectUrl} target="_blank" rel="noreferrer" className="block">
      <img
        src={objectUrl}
        alt={alt}
        className="max-h-80 w-full rounded-xl bg-night-900 object-contain"
      />
    </a>
  );
}
