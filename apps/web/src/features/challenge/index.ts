// The proof of work (ALTCHA, decision 0044): the widget's code is loaded by these on demand.
export { ProofOfWorkField } from "./components/proof-of-work-field";
export { solveProofOfWork, warmProofOfWork } from "./solve-proof-of-work";
