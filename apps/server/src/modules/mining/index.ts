export { reRateAfterRiskChange } from "./mining.service.ts";
