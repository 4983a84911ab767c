/**
 * The legal documents and where they live (decision 0023): French-friendly paths under /legal,
 * open to everyone. The footers, the cookie banner and the router all read them here.
 */
export const LEGAL_PATHS = {
  mentions: "/legal/mentions",
  terms: "/legal/cgu",
  privacy: "/legal/confidentialite",
  cookies: "/legal/cookies",
} as const;

export type LegalDocumentId = keyof typeof LEGAL_PATHS;

export const LEGAL_DOCUMENT_IDS = Object.keys(LEGAL_PATHS) as LegalDocumentId[];
