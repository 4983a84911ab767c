import type { BROWSERS, DEVICE_FORMS, OPERATING_SYSTEMS, UserAgentSummary } from "@fre/shared";

/**
 * A User-Agent header read into the few words an operator needs ("Chrome sur Android,
 * téléphone"). Order matters: Edge, Opera, Samsung Internet and Telegram's in-app browser all
 * announce "Chrome" and "Safari" too, so the specific tokens are tried first.
 */
const BROWSER_TOKENS: [RegExp, (typeof BROWSERS)[number]][] = [
  [/\bTelegram-?(?:Android|iOS|Desktop)?\b|\bTelegramBot\b/i, "telegram"],
  [/\bEdg(?:e|A|iOS)?\//, "edge"],
  [/\bOPR\/|\bOpera\b/, "opera"],
  [/\bSamsungBrowser\//, "samsung"],
  [/\bFirefox\/|\bFxiOS\//, "firefox"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "chrome"],
  [/\bSafari\//, "safari"],
];

const OS_TOKENS: [RegExp, (typeof OPERATING_SYSTEMS)[number]][] = [
  [/\bAndroid\b/, "android"],
  [/\biPhone\b|\biPad\b|\biPod\b/, "ios"],
  [/\bCrOS\b/, "chromeos"],
  [/\bWindows\b/, "windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macos"],
  [/\bLinux\b/, "linux"],
];

function formOf(
  ua: string,
  os: (typeof OPERATING_SYSTEMS)[number],
): (typeof DEVICE_FORMS)[number] | null {
  if (/\biPad\b|\bTablet\b/.test(ua) || (os === "android" && !/\bMobile\b/.test(ua))) {
    return "tablet";
  }
  if (/\bMobile\b|\biPhone\b|\biPod\b/.test(ua)) return "phone";
  if (os === "windows" || os === "macos" || os === "linux" || os === "chromeos") return "computer";
  return null;
}

export function describeUserAgent(ua: string | null): UserAgentSummary {
  const text = (ua ?? "").slice(0, 512);
  const browser = BROWSER_TOKENS.find(([token]) => token.test(text))?.[1] ?? "other";
  const os = OS_TOKENS.find(([token]) => token.test(text))?.[1] ?? "other";
  return { browser, os, form: text ? formOf(text, os) : null };
}

/** The push service behind a subscription's endpoint, by its host (it names the browser family). */
export function pushServiceOf(endpoint: string) {
  let host = "";
  try {
    host = new URL(endpoint).hostname;
  } catch {
    return "other" as const;
  }
  if (host.endsWith(".googleapis.com") || host === "fcm.googleapis.com") return "google" as const;
  if (host.endsWith(".mozilla.com") || host.endsWith(".mozaws.net")) return "mozilla" as const;
  if (host.endsWith(".push.apple.com")) return "apple" as const;
  if (host.endsWith(".notify.windows.com")) return "microsoft" as const;
  return "other" as const;
}
