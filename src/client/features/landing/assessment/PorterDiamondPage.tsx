import { Trans, useLingui } from "@lingui/react/macro";
import { IconBuildingWarehouse, IconChess, IconShoppingCart, IconTools } from "@tabler/icons-react";
import { type AssessmentArea, AssessmentInfoPage } from "./AssessmentInfoPage";

/** /porter-diamond-analysis (spec part 1 §2): the four determinants and Start Analysis. */
export function PorterDiamondPage() {
  const { t } = useLingui();
  const areas: AssessmentArea[] = [
    {
      key: "factors",
      icon: <IconTools size={24} />,
      title: <Trans>Factor conditions</Trans>,
      description: (
        <Trans>
          The inputs you compete with: skilled people, raw materials, infrastructure, capital and technology.
        </Trans>
      ),
      questions: [
        <Trans key="q1">
          Which inputs give you a cost or quality advantage: raw materials, skilled labour, technology or location?
        </Trans>,
        <Trans key="q2">
          Is the infrastructure you depend on (ports, roads, energy, internet) reliable enough for regular exports?
        </Trans>,
        <Trans key="q3">Can you get the finance and specialist skills you will need as you grow?</Trans>,
      ],
    },
    {
      key: "demand",
      icon: <IconShoppingCart size={24} />,
      title: <Trans>Demand conditions</Trans>,
      description: (
        <Trans>How demanding customers at home push you to improve, and how demand abroad is developing.</Trans>
      ),
      questions: [
        <Trans key="q1">
          How demanding are customers in your home market, and how has that made your product better?
        </Trans>,
        <Trans key="q2">Do trends in your home market anticipate what buyers abroad will want next?</Trans>,
        <Trans key="q3">How large is demand for your product in your target markets, and is it growing?</Trans>,
      ],
    },
    {
      key: "related",
      icon: <IconBuildingWarehouse size={24} />,
      title: <Trans>Related and supporting industries</Trans>,
      description: <Trans>The suppliers, service providers and neighbouring industries that make you stronger.</Trans>,
      questions: [
        <Trans key="q1">Do you have strong local suppliers, packaging companies and logistics providers nearby?</Trans>,
        <Trans key="q2">
          Do you work with related industries or clusters that share knowledge, technology or distribution?
        </Trans>,
        <Trans key="q3">
          Which supporting services, such as testing laboratories, certification bodies or export consultants, can you
          count on?
        </Trans>,
      ],
    },
    {
      key: "strategy",
      icon: <IconChess size={24} />,
      title: <Trans>Firm strategy, structure and rivalry</Trans>,
      description: <Trans>How your company is run and how competition at home has shaped it.</Trans>,
      questions: [
        <Trans key="q1">How intense is competition in your home market, and what has it taught you?</Trans>,
        <Trans key="q2">Is your strategy built on lower cost, on a different product, or on a focused niche?</Trans>,
        <Trans key="q3">Does your organisation decide quickly enough to respond to foreign buyers?</Trans>,
      ],
    },
  ];

  return (
    <AssessmentInfoPage
      documentTitle={t`Porter Diamond Analysis · Export Club`}
      title={<Trans>Porter Diamond Analysis</Trans>}
      intro={
        <Trans>
          Michael Porter's Diamond Model explains why some companies and industries compete better internationally than
          others. Reviewing its four determinants shows where your product's advantage comes from, and what to
          strengthen before you enter a new market.
        </Trans>
      }
      areas={areas}
      note={
        <Trans>
          The model also considers the role of government policy and of chance events, which influence all four
          determinants.
        </Trans>
      }
      startLabel={<Trans>Start Analysis</Trans>}
      startTo="/porter-diamond-analysis/start"
    />
  );
}
