import type { FeaturesBody } from "@fre/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "../../../lib/admin-access";
import { featuresKeys, saveFeatures } from "../api/features-api";

/** Changes the switches; every screen of this page sees the new state at once. */
export function useSaveFeatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeaturesBody) => saveFeatures(body),
    onSuccess: (features) => {
      queryClient.setQueryData(featuresKeys.all, features);
      // The audit log below shows the change it just recorded.
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    },
  });
}
