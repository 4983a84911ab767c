import { WEB_VITALS_SAMPLE_RATE } from "@fre/shared";

/** Whether this page view reports its Core Web Vitals (decision 0038): one in ten. */
export const sampledPageView = (random: () => number = Math.random): boolean =>
  random() < WEB_VITALS_SAMPLE_RATE;
