/**
 * "A new identity check is due" (issue 25 point 3, decision 0045), written once for the KYC
 * screen, the KYC edits and the withdrawal request: an admin required a re-check
 * (`user_risk.kyc_recheck_required_at`) and the user's request has no approval later than it.
 * `user` is an SQL expression naming the user's id.
 */
export const kycRecheckDueSql = (user: string) => `exists(select 1 from user_risk k
    where k.user_id = ${user} and k.kyc_recheck_required_at is not null
      and not exists(select 1 from kyc_requests q
        where q.user_id = k.user_id and q.status = 'approved'
          and q.reviewed_at > k.kyc_recheck_required_at))`;
