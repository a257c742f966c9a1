/**
 * The search params of /porter-diamond-analysis/start. The route's `validateSearch` is not
 * code-split, so it lives apart from the page: importing it from DiamondAnalysisPage.tsx put the
 * whole analysis (its form, zod, Mantine's Select and the server messages) into the entry chunk
 * every visitor downloads (docs/decisions/0007-landing-in-the-entry-chunk.md: whatever a route
 * file imports for its unsplit options counts against the landing page's budget).
 */

/** The product and market of the analysis a retake starts from. */
export interface DiamondSearch {
  product?: string;
  market?: string;
}

/** Keeps a short product text and an ISO-like code; anything else is dropped. */
export function validateDiamondSearch(search: Record<string, unknown>): DiamondSearch {
  const product = typeof search.product === "string" ? search.product.slice(0, 200) : undefined;
  const market = typeof search.market === "string" && /^[A-Z]{2}$/.test(search.market) ? search.market : undefined;
  return { ...(product ? { product } : {}), ...(market ? { market } : {}) };
}
