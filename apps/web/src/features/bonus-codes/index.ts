export { RedeemBonusCard } from "./components/redeem-bonus-card";
