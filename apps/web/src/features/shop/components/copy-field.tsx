import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { copyText } from "../../../lib/clipboard";

/** A value to copy by hand (address, comment), with its own copy button. */
export function CopyField({
  label,
  value,
  testId,
}: {
  label: string;
  value: string;
  testId?: string;
}) {
  const { t } = useTranslation("shop");
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-1">
      <span className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</span>
      <div className="flex items-center gap-2">
        <code
          data-testid={testId}
          className="min-w-0 flex-1 break-all rounded-lg bg-night-800 px-3 py-2 font-mono text-sm text-white"
        >
          {value}
        </code>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t("order.copyLabel", { label })}
          onClick={async () => {
            try {
              await copyText(value);
              setCopied(true);
              window.setTimeout(() => setCopied(false), 2000);
            } catch {
              setCopied(false);
            }
          }}
        >
          {copied ? t("order.copied") : t("order.copy")}
        </Button>
      </div>
    </div>
  );
}
