import { useQuery } from "@tanstack/react-query";
import { featuresQuery } from "../api/features-api";

/** What is on right now (asked again every minute while the page is open). */
export const useFeatures = () => useQuery(featuresQuery);
