import { Trans, useLingui } from "@lingui/react/macro";
import { IconBuildingFactory2, IconPackage, IconPlaneDeparture, IconWorld } from "@tabler/icons-react";
import { type AssessmentArea, AssessmentInfoPage } from "./AssessmentInfoPage";

/** /export-readiness-assessment (spec part 1 §2): four areas and Start Assessment, which opens the questionnaire (issue #18 §1). */
export function ExportReadinessPage() {
  const { t } = useLingui();
  const areas: AssessmentArea[] = [
    {
      key: "company",
      icon: <IconBuildingFactory2 size={24} />,
      title: <Trans>Company capabilities</Trans>,
      description: (
        <Trans>Whether your company has the commitment, people, capacity and money that exporting demands.</Trans>
      ),
      questions: [
        <Trans key="q1">Is senior management committed to exporting for at least the next two to three years?</Trans>,
        <Trans key="q2">
          Do you have staff with the time and skills to handle export sales, documents and follow-up with buyers?
        </Trans>,
        <Trans key="q3">
          Can you increase production to fill foreign orders without letting down your customers at home?
        </Trans>,
      ],
    },
    {
      key: "product",
      icon: <IconPackage size={24} />,
      title: <Trans>Product or service</Trans>,
      description: <Trans>Whether what you sell can win buyers abroad, and what it needs to get there.</Trans>,
      questions: [
        <Trans key="q1">
          What clear advantage does your product have over those already sold in your target market: quality, price,
          design or origin?
        </Trans>,
        <Trans key="q2">
          Can your product, packaging and labels be adapted to foreign standards, languages and regulations?
        </Trans>,
        <Trans key="q3">
          Which certificates (for example health, halal, CE or ISO) do your target markets require, and do you have
          them?
        </Trans>,
      ],
    },
    {
      key: "market",
      icon: <IconWorld size={24} />,
      title: <Trans>Market knowledge</Trans>,
      description: (
        <Trans>How well you know the markets you want to enter and the competitors you will meet there.</Trans>
      ),
      questions: [
        <Trans key="q1">
          Have you chosen one to three priority markets based on demand, competition and ease of access?
        </Trans>,
        <Trans key="q2">Do you know the tariffs, import rules and usual distribution channels in those markets?</Trans>,
        <Trans key="q3">Do you know your main competitors there, and how their prices compare with yours?</Trans>,
      ],
    },
    {
      key: "experience",
      icon: <IconPlaneDeparture size={24} />,
      title: <Trans>Export experience</Trans>,
      description: <Trans>What you have already learned from selling abroad, and who you can rely on.</Trans>,
      questions: [
        <Trans key="q1">Has your company exported before, even occasionally or through an intermediary?</Trans>,
        <Trans key="q2">
          Are you familiar with Incoterms, export documents and international payment methods such as letters of credit?
        </Trans>,
        <Trans key="q3">
          Do you have reliable partners, such as freight forwarders, customs brokers or distributors?
        </Trans>,
      ],
    },
  ];

  return (
    <AssessmentInfoPage
      documentTitle={t`Export Readiness Assessment · Export Club`}
      title={<Trans>Export Readiness Assessment</Trans>}
      intro={
        <Trans>
          Before you invest in a new market, check how prepared your company is. The assessment looks at four areas; the
          guiding questions below help you think each one through honestly.
        </Trans>
      }
      areas={areas}
      note={
        <Trans>
          The assessment has 24 questions and takes about ten minutes. It is adapted from published export-readiness
          self-assessments (CORE of Michigan State University's CIBER, and the checklists of national export agencies).
          Anyone can take it; members keep their results and compare them over time.
        </Trans>
      }
      startLabel={<Trans>Start Assessment</Trans>}
      startTo="/export-readiness-assessment/start"
    />
  );
}
