import { Trans } from "@lingui/react/macro";
import { Button, Group, Paper, Title } from "@mantine/core";
import { IconFileText, IconMovie, IconPdf } from "@tabler/icons-react";
import type { ContentKind } from "../../../../common/content";
import { preloadOn } from "../../../components/LazyDialog";
import { loadContentAdminDialog } from "../loaders";

/**
 * The admins' buttons for the landing content (spec part 1 §2): Manage Membership Documents,
 * Manage Videos, Manage PDFs. Rendered only after hydration, for a signed-in admin.
 */
export function ContentAdminButtons({ onManage }: { onManage: (kind: ContentKind) => void }) {
  const preload = preloadOn(loadContentAdminDialog);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="content-admin-title">
      <Title order={2} size="h4" id="content-admin-title" mb="sm">
        <Trans>Landing content (admins)</Trans>
      </Title>
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconFileText size={18} aria-hidden />}
          onClick={() => onManage("document")}
          {...preload}
        >
          <Trans>Manage Membership Documents</Trans>
        </Button>
        <Button
          variant="light"
          leftSection={<IconMovie size={18} aria-hidden />}
          onClick={() => onManage("video")}
          {...preload}
        >
          <Trans>Manage Videos</Trans>
        </Button>
        <Button
          variant="light"
          leftSection={<IconPdf size={18} aria-hidden />}
          onClick={() => onManage("pdf")}
          {...preload}
        >
          <Trans>Manage PDFs</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
