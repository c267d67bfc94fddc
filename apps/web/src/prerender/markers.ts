// The marks that the prerendered welcome page carries (ADR 0050) and the app looks for when it
// takes the page over (app/take-over.tsx). Apart from welcome-page.tsx, which the entry must not
// import: it brings react-dom/server.

/** On the element in #root that holds the prerendered markup, until the app has taken it over. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** Set on <html> by the guard script when the prerendered page is not what the app will show. */
export const STALE_ATTRIBUTE = 'data-prerender-stale';
/**
 * On <html> of a document that arrives with its page in it: it paints that page before the app
 * runs, and the head's early start waits for that paint (early-start/early-start.ts).
 */
export const PAINTS_BEFORE_APP_ATTRIBUTE = 'data-paints-before-app';
