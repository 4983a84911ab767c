export {
  rateWithoutBoostsNano,
  referralTerms,
  reRateAfterRiskChange,
} from "./mining.service.ts";
