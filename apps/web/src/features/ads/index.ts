// Only the lazy slot: the banner and the admin screen stay in chunks of their own.
export { AdSlot } from "./components/ad-slot";
