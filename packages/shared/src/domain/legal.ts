/**
 * The legal documents a patient accepts, and the version in force. A new version (a date) is a
 * change of the text in apps/web/src/legal/<lng>.json: signed-in people are asked once to accept
 * it (ADR 0024). Registration and completing the profile record what was accepted and when.
 */
export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export const LEGAL_VERSIONS: Record<LegalDocument, string> = {
  terms: '2026-11-24',
  privacy: '2026-11-27',
};

/** The pages of the site's legal texts (the footer, the mails and the registration link them). */
export const LEGAL_PAGES = ['imprint', 'privacy', 'terms'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];
