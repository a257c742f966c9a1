/**
 * Byte budgets of the client, in KB of 1,024 bytes, as the built server sends them with Brotli
 * (the precompressed `.br` files: docs/decisions/0011-build-and-delivery.md). Set after the
 * landing page's entry chunk had grown from 129 KB to 208 KB; held by e2e/budgets.spec.ts and reported by `npm run bench` (bench/run.ts).
 * Why the landing page fits: docs/decisions/0021-entry-chunk-without-the-member-area.md.
 */
export const BUDGETS_KB = {
  /** Every script the landing page (/landing) loads until it is hydrated and the network is idle. */
  landingJs: 130,
  /** Every stylesheet of the landing page. */
  landingCss: 30,
  /** Every script a signed-in member's first load of /dashboard fetches until the page is settled. */
  dashboardJs: 250,
} as const;
