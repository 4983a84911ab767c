export { referralTerms, reRateAfterRiskChange } from "./mining.service.ts";
