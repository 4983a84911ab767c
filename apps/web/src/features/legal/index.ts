export { useCommunityLinks } from "./hooks/use-legal-info";
export { LEGAL_PATHS, type LegalDocumentId } from "./legal-paths";
