export { AdminChallengePage } from "./admin-challenge-page";
