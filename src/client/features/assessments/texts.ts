/**
 * The assessments' texts, keyed by the codes of src/common/assessments.ts: the readiness
 * assessment's areas, questions, the answer scales' options and the next steps per area; the
 * diamond analysis's factors, guiding questions and rating labels. The record types make a
 * missing text a compile error.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type {
  DiamondFactor,
  DiamondRating,
  ReadinessArea,
  ReadinessQuestionCode,
  ReadinessScale,
} from "../../../common/assessments";

export const AREA_NAMES: Record<ReadinessArea, MessageDescriptor> = {
  capabilities: msg`Company capabilities`,
  product: msg`Product or service`,
  market: msg`Market knowledge`,
  experience: msg`Export experience`,
};

export const QUESTION_TEXTS: Record<ReadinessQuestionCode, MessageDescriptor> = {
  cap_commitment: msg`Senior management is committed to exporting and will give it time and money for at least the next two to three years.`,
  cap_plan: msg`You have a written export plan with goals, a budget and a timetable.`,
  cap_staff: msg`You have staff with the time and skills to handle export enquiries, documents and follow-up with foreign buyers.`,
  cap_capacity: msg`You can raise production to fill foreign orders without letting down your customers at home.`,
  cap_finance: msg`You can finance the costs of exporting (market visits, samples, trade fairs, longer payment terms) without straining your cash flow.`,
  cap_languages: msg`Someone in the company can negotiate and correspond with buyers in English or in the target market's language.`,
  prod_advantage: msg`Your product has a clear advantage over those already sold in your target market: quality, price, design or origin.`,
  prod_adaptation: msg`Your product, packaging and labels can be adapted to foreign standards, languages and regulations.`,
  prod_certificates: msg`You hold, or can obtain, the certificates your target markets require (for example health, halal, CE or ISO).`,
  prod_pricing: msg`You know your full export cost and can quote a competitive price that still leaves a profit.`,
  prod_ip: msg`Your brand, designs and know-how are protected in your target markets (for example a registered trademark).`,
  prod_support: msg`You can offer foreign customers after-sales service, spare parts or training.`,
  mkt_targets: msg`You have chosen one to three priority markets based on demand, competition and ease of access.`,
  mkt_rules: msg`You know the tariffs, import rules and documents your priority markets require.`,
  mkt_channels: msg`You know the usual distribution channels there and which suits you: agent, distributor, direct or online sales.`,
  mkt_competitors: msg`You know your main competitors in those markets and how their prices compare with yours.`,
  mkt_buyers: msg`You know who buys your product there and what they expect in quality, packaging and delivery.`,
  mkt_research: msg`You have researched those markets from reliable sources such as trade statistics, trade fairs and export agencies.`,
  exp_years: msg`How long has your company been exporting, even occasionally or through an intermediary?`,
  exp_markets: msg`To how many foreign markets have you sold in the last three years?`,
  exp_share: msg`What share of your annual sales comes from exports?`,
  exp_documents: msg`You can prepare export documents and know the Incoterms (for example FOB or CIF) you quote in.`,
  exp_payments: msg`You know international payment methods such as letters of credit, and how to protect yourself against non-payment.`,
  exp_partners: msg`You have reliable partners: freight forwarders, customs brokers, banks or distributors.`,
};

export const OPTION_TEXTS: { [S in ReadinessScale]: Record<string, MessageDescriptor> } = {
  extent: { no: msg`No`, partly: msg`Partly`, mostly: msg`Mostly`, fully: msg`Fully` },
  years: {
    none: msg`Not yet`,
    under2: msg`Less than 2 years`,
    from2to5: msg`2 to 5 years`,
    over5: msg`More than 5 years`,
  },
  markets: { none: msg`None yet`, one: msg`One`, from2to4: msg`2 to 4`, over4: msg`5 or more` },
  share: {
    none: msg`None yet`,
    under10: msg`Less than 10%`,
    from10to30: msg`10% to 30%`,
    over30: msg`More than 30%`,
  },
};

/** The text of an answer option. */
export function optionText(scale: ReadinessScale, code: string): MessageDescriptor {
  const options: Record<string, MessageDescriptor> = OPTION_TEXTS[scale];
  return options[code] ?? msg`Unknown answer`;
}

/** What the club offers for each area: a next step and the page that helps with it. */
export interface NextStep {
  text: MessageDescriptor;
  to: "/knowledge" | "/request" | "/members" | "/dashboard" | "/qa";
  link: MessageDescriptor;
}

export const NEXT_STEPS: Record<ReadinessArea, NextStep[]> = {
  capabilities: [
    {
      text: msg`Write a one-page export plan with a goal, a budget and who does what. The club's knowledge library has guides to start from.`,
      to: "/knowledge",
      link: msg`Open the knowledge library`,
    },
    {
      text: msg`Ask one of the club's consultants to review your plan and your costs.`,
      to: "/dashboard",
      link: msg`Request a consultation from your dashboard`,
    },
  ],
  product: [
    {
      text: msg`Find out which certificates, labels and adaptations your market requires before you quote.`,
      to: "/request",
      link: msg`Request Help`,
    },
    {
      text: msg`Ask an expert to check your export price and your product's advantage.`,
      to: "/dashboard",
      link: msg`Request a consultation from your dashboard`,
    },
  ],
  market: [
    {
      text: msg`Read what members have shared about your target markets: rules, channels and prices.`,
      to: "/knowledge",
      link: msg`Open the knowledge library`,
    },
    {
      text: msg`Talk to members who already export to the market you have chosen.`,
      to: "/members",
      link: msg`Find members by target country`,
    },
  ],
  experience: [
    {
      text: msg`Get help with your first export documents, Incoterms and safe payment terms.`,
      to: "/request",
      link: msg`Request Help`,
    },
    {
      text: msg`Find freight forwarders, customs brokers and experienced exporters among the members.`,
      to: "/members",
      link: msg`Browse the member directory`,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// The Porter diamond analysis (issue #18 §2)

/** The six factors' names: the four determinants of the information page, then government and chance. */
export const DIAMOND_FACTOR_NAMES: Record<DiamondFactor, MessageDescriptor> = {
  factors: msg`Factor conditions`,
  demand: msg`Demand conditions`,
  related: msg`Related and supporting industries`,
  strategy: msg`Firm strategy, structure and rivalry`,
  government: msg`Government`,
  chance: msg`Chance`,
};

/** One line on what each factor covers. */
export const DIAMOND_FACTOR_DESCRIPTIONS: Record<DiamondFactor, MessageDescriptor> = {
  factors: msg`The inputs you compete with: skilled people, raw materials, infrastructure, capital and technology.`,
  demand: msg`How demanding customers at home push you to improve, and how demand in the target market is developing.`,
  related: msg`The suppliers, service providers and neighbouring industries that make you stronger.`,
  strategy: msg`How your company is run and how competition at home has shaped it.`,
  government: msg`Policies at home and in the target market that act on all four determinants, for better or worse.`,
  chance: msg`Events outside anyone's control that can change the competition overnight.`,
};

/**
 * The guiding questions of each factor, after Michael E. Porter, "The Competitive Advantage of
 * Nations" (1990), chapter 3, put to one product in one target market.
 */
export const DIAMOND_PROMPTS: Record<DiamondFactor, MessageDescriptor[]> = {
  factors: [
    msg`Which inputs give your product an edge in this market: skilled people, raw materials, technology, capital or location?`,
    msg`Are they advanced and specialised (engineers, research, dedicated facilities), or basic ones any competitor can get (cheap labour, natural resources)?`,
    msg`Is the infrastructure you depend on (ports, roads, energy, internet) reliable enough for regular exports?`,
    msg`Where inputs are scarce or costly, has that pushed you to find better ways of working?`,
  ],
  demand: [
    msg`How demanding and sophisticated are customers in your home market, and how have they made your product better?`,
    msg`Do needs at home anticipate what buyers in the target market will want next?`,
    msg`How large is demand for your product in the target market, and is it growing?`,
  ],
  related: [
    msg`Are there capable local suppliers of materials, components, packaging and logistics?`,
    msg`Do you work with related industries or a cluster that shares technology, skills or distribution channels?`,
    msg`Which supporting services, such as testing laboratories, certification bodies, banks or export consultants, can you count on?`,
  ],
  strategy: [
    msg`How intense is competition in your home market, and what has it taught you?`,
    msg`Is your strategy built on lower cost, on a different product, or on a focused niche?`,
    msg`Do your goals, management style and structure suit selling in the target market?`,
    msg`How do you compare with the competitors you will meet there?`,
  ],
  government: [
    msg`Do policies at home help or hinder your exports: incentives, export finance, trade agreements, regulations?`,
    msg`Do the target market's tariffs, standards or public purchasing favour or block your product?`,
    msg`Do sanctions, currency rules or licences affect this trade?`,
  ],
  chance: [
    msg`Which events outside anyone's control could change your position: exchange rates, shifts in demand, new technology, wars or pandemics?`,
    msg`How exposed are you to them, and what would you do if they happened?`,
    msg`Could such a change open an opportunity for you in this market?`,
  ],
};

/** The labels of the ratings 1–5. */
export const DIAMOND_RATING_LABELS: Record<DiamondRating, MessageDescriptor> = {
  1: msg`Serious disadvantage`,
  2: msg`Disadvantage`,
  3: msg`Neutral`,
  4: msg`Advantage`,
  5: msg`Strong advantage`,
};
