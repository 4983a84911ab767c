export { HowToBuy } from "./components/how-to-buy";
export { HOW_TO_BUY_ANCHOR } from "./faq-items";
