/**
 * The members' self-assessments (issue #18 §1–§3): the export readiness instrument, the Porter
 * diamond analysis, their scoring and the inputs of the `assessments` router. Pure and shared:
 * visitors score on the client with `scoreReadiness` / `scoreDiamond`, and the server recomputes
 * the same score from the answers when a member saves.
 *
 * The instrument is ADAPTED FROM published export-readiness self-assessments — the structure of
 * CORE (Company Readiness to Export) by the Center for International Business Education and
 * Research (CIBER) at Michigan State University, which weighs organisational and product
 * readiness, and the export readiness self-assessments of national export agencies (the U.S.
 * Commercial Service's "Are you ready to export?" and Austrade's export readiness checklist).
 * It is not the official instrument of any of them: questions, answer scales, points and weights
 * are our own, grouped in the four areas of the club's information page.
 *
 * Codes live here; the question and option texts are client messages keyed by these codes
 * (src/client/features/assessments/texts.ts).
 */
import { z } from "zod";
import type { ASSESSMENT_KINDS } from "./constants";
import { Msg } from "./messages";
import { plainText, rowIdSchema } from "./validation";

export { ASSESSMENT_KINDS } from "./constants";
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

/** The four areas, in the order of the information page. */
export const READINESS_AREAS = ["capabilities", "product", "market", "experience"] as const;
export type ReadinessArea = (typeof READINESS_AREAS)[number];

/**
 * The answer scales: each option's code and its points (0 = not ready, 3 = fully ready). The
 * last option of every scale is worth the most.
 */
export const READINESS_SCALES = {
  /** How far a statement is true of the company. */
  extent: [
    { code: "no", points: 0 },
    { code: "partly", points: 1 },
    { code: "mostly", points: 2 },
    { code: "fully", points: 3 },
  ],
  /** How many years something has been done. */
  years: [
    { code: "none", points: 0 },
    { code: "under2", points: 1 },
    { code: "from2to5", points: 2 },
    { code: "over5", points: 3 },
  ],
  /** How many foreign markets. */
  markets: [
    { code: "none", points: 0 },
    { code: "one", points: 1 },
    { code: "from2to4", points: 2 },
    { code: "over4", points: 3 },
  ],
  /** A share of annual sales. */
  share: [
    { code: "none", points: 0 },
    { code: "under10", points: 1 },
    { code: "from10to30", points: 2 },
    { code: "over30", points: 3 },
  ],
} as const;
export type ReadinessScale = keyof typeof READINESS_SCALES;

export interface ReadinessQuestion {
  /** Stable code: the key of the answer and of the client's texts. */
  code: string;
  area: ReadinessArea;
  scale: ReadinessScale;
  /** Weight of the question within its area (1 = ordinary, 3 = decisive). */
  weight: number;
}

/** 24 questions, six per area. Changing a code breaks saved answers: add new codes instead. */
export const READINESS_QUESTIONS = [
  // Company capabilities: commitment, people, capacity, money, planning.
  { code: "cap_commitment", area: "capabilities", scale: "extent", weight: 3 },
  { code: "cap_plan", area: "capabilities", scale: "extent", weight: 2 },
  { code: "cap_staff", area: "capabilities", scale: "extent", weight: 2 },
  { code: "cap_capacity", area: "capabilities", scale: "extent", weight: 2 },
  { code: "cap_finance", area: "capabilities", scale: "extent", weight: 2 },
  { code: "cap_languages", area: "capabilities", scale: "extent", weight: 1 },
  // Product or service: advantage, adaptation, certificates, price, protection, support.
  { code: "prod_advantage", area: "product", scale: "extent", weight: 3 },
  { code: "prod_adaptation", area: "product", scale: "extent", weight: 2 },
  { code: "prod_certificates", area: "product", scale: "extent", weight: 2 },
  { code: "prod_pricing", area: "product", scale: "extent", weight: 2 },
  { code: "prod_ip", area: "product", scale: "extent", weight: 1 },
  { code: "prod_support", area: "product", scale: "extent", weight: 1 },
  // Market knowledge: choice, rules, channels, competitors, buyers, research.
  { code: "mkt_targets", area: "market", scale: "extent", weight: 3 },
  { code: "mkt_rules", area: "market", scale: "extent", weight: 2 },
  { code: "mkt_channels", area: "market", scale: "extent", weight: 2 },
  { code: "mkt_competitors", area: "market", scale: "extent", weight: 2 },
  { code: "mkt_buyers", area: "market", scale: "extent", weight: 1 },
  { code: "mkt_research", area: "market", scale: "extent", weight: 1 },
  // Export experience: history, reach, share, know-how, payments, partners.
  { code: "exp_years", area: "experience", scale: "years", weight: 2 },
  { code: "exp_markets", area: "experience", scale: "markets", weight: 2 },
  { code: "exp_share", area: "experience", scale: "share", weight: 1 },
  { code: "exp_documents", area: "experience", scale: "extent", weight: 2 },
  { code: "exp_payments", area: "experience", scale: "extent", weight: 2 },
  { code: "exp_partners", area: "experience", scale: "extent", weight: 1 },
] as const satisfies readonly ReadinessQuestion[];

export type ReadinessQuestionCode = (typeof READINESS_QUESTIONS)[number]["code"];

/** Weight of each area in the overall score (sums to 1): capabilities and product carry most. */
export const READINESS_AREA_WEIGHTS: Record<ReadinessArea, number> = {
  capabilities: 0.3,
  product: 0.25,
  market: 0.25,
  experience: 0.2,
};

/** The option codes of a scale. */
export function scaleOptions(scale: ReadinessScale): readonly string[] {
  return READINESS_SCALES[scale].map((o) => o.code);
}

/** The questions of one area, in order. */
export function questionsOf(area: ReadinessArea): readonly ReadinessQuestion[] {
  return READINESS_QUESTIONS.filter((q) => q.area === area);
}

const answerShape = Object.fromEntries(
  READINESS_QUESTIONS.map((q) => [
    q.code,
    z.enum(scaleOptions(q.scale) as [string, ...string[]], { error: Msg.assessmentAnswerEveryQuestion }),
  ]),
) as Record<ReadinessQuestionCode, z.ZodEnum<Record<string, string>>>;

/**
 * The answers: every question answered with one of its scale's options, and nothing else (an
 * unknown question is refused).
 */
export const readinessAnswersSchema = z.strictObject(answerShape, {
  error: (issue) =>
    issue.code === "unrecognized_keys" ? Msg.assessmentUnknownQuestion : Msg.assessmentAnswerEveryQuestion,
});
export type ReadinessAnswers = Record<ReadinessQuestionCode, string>;

export interface ReadinessScore {
  /** 0–100 per area, rounded. */
  areas: Record<ReadinessArea, number>;
  /** 0–100, the area-weighted mean of the unrounded area scores, rounded. */
  overall: number;
  /** The area with the highest score (the first in area order when tied). */
  strongest: ReadinessArea;
  /** The area with the lowest score (the first in area order when tied). */
  weakest: ReadinessArea;
}

/**
 * Scores a complete set of answers. Each area is the weighted mean of its questions' points,
 * each divided by the scale's maximum, times 100. Throws on an answer outside its scale (parse
 * with `readinessAnswersSchema` first).
 */
export function scoreReadiness(answers: ReadinessAnswers): ReadinessScore {
  const exact = {} as Record<ReadinessArea, number>;
  for (const area of READINESS_AREAS) {
    let earned = 0;
    let total = 0;
    for (const q of questionsOf(area)) {
      const options = READINESS_SCALES[q.scale];
      const option = options.find((o) => o.code === answers[q.code as ReadinessQuestionCode]);
      if (!option) throw new Error(`No valid answer for ${q.code}`);
      const max = Math.max(...options.map((o) => o.points));
      earned += (q.weight * option.points) / max;
      total += q.weight;
    }
    exact[area] = (100 * earned) / total;
  }
  const overall = READINESS_AREAS.reduce((sum, area) => sum + READINESS_AREA_WEIGHTS[area] * exact[area], 0);
  const areas = Object.fromEntries(READINESS_AREAS.map((a) => [a, Math.round(exact[a])])) as Record<
    ReadinessArea,
    number
  >;
  let strongest: ReadinessArea = READINESS_AREAS[0];
  let weakest: ReadinessArea = READINESS_AREAS[0];
  for (const area of READINESS_AREAS) {
    if (exact[area] > exact[strongest]) strongest = area;
    if (exact[area] < exact[weakest]) weakest = area;
  }
  return { areas, overall: Math.round(overall), strongest, weakest };
}

// ---------------------------------------------------------------------------------------------
// The Porter diamond analysis (issue #18 §2)

/**
 * The four determinants of Porter's diamond, in the order of the information page
 * (/porter-diamond-analysis): factor conditions; demand conditions; related and supporting
 * industries; firm strategy, structure and rivalry. Source: Michael E. Porter, "The Competitive
 * Advantage of Nations" (1990), chapter 3.
 */
export const DIAMOND_DETERMINANTS = ["factors", "demand", "related", "strategy"] as const;
/** The two external variables that act on all four determinants: government and chance. */
export const DIAMOND_EXTERNALS = ["government", "chance"] as const;
/** Everything the member rates: the four determinants, then the two external variables. */
export const DIAMOND_FACTORS = [...DIAMOND_DETERMINANTS, ...DIAMOND_EXTERNALS] as const;
export type DiamondDeterminant = (typeof DIAMOND_DETERMINANTS)[number];
export type DiamondExternal = (typeof DIAMOND_EXTERNALS)[number];
export type DiamondFactor = (typeof DIAMOND_FACTORS)[number];

/** The rating scale: 1 = a serious disadvantage … 5 = a clear advantage. */
export const DIAMOND_RATINGS = [1, 2, 3, 4, 5] as const;
export type DiamondRating = (typeof DIAMOND_RATINGS)[number];
/** A rating at or above this is a strength; at or below `DIAMOND_GAP_MAX` a gap. */
export const DIAMOND_STRENGTH_MIN = 4;
export const DIAMOND_GAP_MAX = 2;

/** Lengths in characters, after trimming. */
export const DIAMOND_LIMITS = { productMax: 120, notesMax: 1000 } as const;

const diamondFactorSchema = z.strictObject(
  {
    rating: z.literal(DIAMOND_RATINGS, { error: Msg.diamondRateEveryFactor }),
    notes: plainText().trim().max(DIAMOND_LIMITS.notesMax, Msg.notesTooLong).default(""),
  },
  {
    error: (issue) => (issue.code === "unrecognized_keys" ? Msg.assessmentUnknownQuestion : Msg.diamondRateEveryFactor),
  },
);

/**
 * A diamond analysis: the product (free text), the target market (ISO 3166-1 alpha-2 code; the
 * server also checks it is in the reference list) and, for each of the six factors, a rating
 * 1–5 and notes (at most `DIAMOND_LIMITS.notesMax` characters, may be empty). Nothing else.
 */
export const diamondAnswersSchema = z.strictObject(
  {
    product: plainText().trim().min(1, Msg.diamondProductRequired).max(DIAMOND_LIMITS.productMax, Msg.textTooLong),
    market: z.string({ error: Msg.invalidCountry }).regex(/^[A-Z]{2}$/, Msg.invalidCountry),
    factors: z.strictObject(
      Object.fromEntries(DIAMOND_FACTORS.map((f) => [f, diamondFactorSchema])) as Record<
        DiamondFactor,
        typeof diamondFactorSchema
      >,
      {
        error: (issue) =>
          issue.code === "unrecognized_keys" ? Msg.assessmentUnknownQuestion : Msg.diamondRateEveryFactor,
      },
    ),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? Msg.assessmentUnknownQuestion : Msg.invalidInput) },
);
export type DiamondAnswers = z.output<typeof diamondAnswersSchema>;

export interface DiamondScore {
  /** Each factor's rating, 1–5, as answered. */
  ratings: Record<DiamondFactor, DiamondRating>;
  /**
   * 0–100: the mean of the four determinants' ratings mapped linearly from 1–5 onto 0–100
   * (1 → 0, 3 → 50, 5 → 100), rounded. Government and chance act on the diamond from outside
   * and do not count.
   */
  overall: number;
  /** The factors rated `DIAMOND_STRENGTH_MIN` or more, in factor order. */
  strengths: DiamondFactor[];
  /** The factors rated `DIAMOND_GAP_MAX` or less, in factor order. */
  gaps: DiamondFactor[];
}

/** Scores a diamond analysis (parse with `diamondAnswersSchema` first). */
export function scoreDiamond(answers: Pick<DiamondAnswers, "factors">): DiamondScore {
  const ratings = Object.fromEntries(DIAMOND_FACTORS.map((f) => [f, answers.factors[f].rating])) as Record<
    DiamondFactor,
    DiamondRating
  >;
  const mean = DIAMOND_DETERMINANTS.reduce((sum, d) => sum + ratings[d], 0) / DIAMOND_DETERMINANTS.length;
  return {
    ratings,
    overall: Math.round(((mean - 1) / 4) * 100),
    strengths: DIAMOND_FACTORS.filter((f) => ratings[f] >= DIAMOND_STRENGTH_MIN),
    gaps: DIAMOND_FACTORS.filter((f) => ratings[f] <= DIAMOND_GAP_MAX),
  };
}

/**
 * Per-factor change from `previous` to `latest` (rating points, −4…+4), and of the overall
 * (0–100 points): what the comparison with the previous analysis shows.
 */
export function compareDiamond(
  latest: DiamondScore,
  previous: DiamondScore,
): { ratings: Record<DiamondFactor, number>; overall: number } {
  return {
    ratings: Object.fromEntries(DIAMOND_FACTORS.map((f) => [f, latest.ratings[f] - previous.ratings[f]])) as Record<
      DiamondFactor,
      number
    >,
    overall: latest.overall - previous.overall,
  };
}

// ---------------------------------------------------------------------------------------------
// The router's inputs

/**
 * `assessments.save`: the kind and its answers only; the server computes the score.
 * `{ kind: "readiness", answers: ReadinessAnswers }` or `{ kind: "diamond", answers: DiamondAnswers }`.
 */
export const assessmentSaveInput = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("readiness"), answers: readinessAnswersSchema }),
    z.object({ kind: z.literal("diamond"), answers: diamondAnswersSchema }),
  ],
  { error: Msg.invalidInput },
);
export type AssessmentSaveInput = z.output<typeof assessmentSaveInput>;

export const assessmentIdInput = z.object({ id: rowIdSchema });

/** `assessments.setShowOnCard`: whether the latest score shows on the member's directory card. */
export const assessmentShowOnCardInput = z.object({ show: z.boolean() });
