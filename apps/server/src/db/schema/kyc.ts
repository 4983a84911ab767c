import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { idColumn, tz } from "./columns.ts";

/**
 * One identity check per user (spec §4). Each step is stored encrypted (AES-256-GCM, base64 of
 * the sealed JSON, see lib/data-encryption.ts): a database dump shows no name, address or document
 * number. `users.kyc_status` mirrors the verdicts (pending, approved, rejected) for /api/me and
 * the admin home's count.
 */
export const kycRequests = pgTable(
  "kyc_requests",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["draft", "pending", "approved", "rejected"] })
      .notNull()
      .default("draft"),
    identitySealed: text("identity_sealed"),
    addressSealed: text("address_sealed"),
    documentSealed: text("document_sealed"),
    /**
     * The document number as a keyed hash (decision 0045): two accounts with one document are
     * found without the number ever being compared in clear.
     */
    documentNumberHash: text("document_number_hash"),
    submittedAt: timestamp("submitted_at", tz),
    reviewedAt: timestamp("reviewed_at", tz),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    /** The admin's words to the user: not personal data, kept in clear. */
    rejectionReason: text("rejection_reason"),
    createdAt: timestamp("created_at", tz).notNull(),
    updatedAt: timestamp("updated_at", tz).notNull(),
  },
  (t) => [
    index("kyc_requests_queue_idx").on(t.status, t.submittedAt),
    index("kyc_requests_document_number_idx").on(t.documentNumberHash),
  ],
);

/**
 * The photos of a request: where the encrypted, re-encoded image lies in the file store (a random
 * key, unrelated to the user), its type and its size before encryption.
 */
export const kycFiles = pgTable(
  "kyc_files",
  {
    userId: text("user_id")
      .notNull()
      .references(() => kycRequests.userId, { onDelete: "cascade" }),
    slot: text("slot", { enum: ["front", "back", "selfie"] }).notNull(),
    storageKey: text("storage_key").notNull().unique(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    uploadedAt: timestamp("uploaded_at", tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.slot] }),
    check("kyc_files_size_positive", sql`${t.size} > 0`),
  ],
);

/**
 * Every time an admin opened a document: ids and slot only (no personal data). No foreign keys:
 * the trail outlives the accounts it names.
 */
export const kycFileViews = pgTable(
  "kyc_file_views",
  {
    id: idColumn(),
    adminId: text("admin_id").notNull(),
    userId: text("user_id").notNull(),
    slot: text("slot", { enum: ["front", "back", "selfie"] }).notNull(),
    viewedAt: timestamp("viewed_at", tz).notNull(),
  },
  (t) => [index("kyc_file_views_user_idx").on(t.userId, t.viewedAt)],
);
