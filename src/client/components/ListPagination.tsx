/**
 * Moving through a long list: page numbers (`ListPagination`) for paged lists, a "Load more"
 * button (`LoadMore`) for lists that grow a page at a time.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Center, Group, Pagination } from "@mantine/core";
import { formatNumber } from "../i18n";

/** Page numbers under a list, with spoken labels for every control. Hidden for one page. */
export function ListPagination({
  page,
  pages,
  onChange,
  testId,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  testId?: string;
}) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  return (
    <Center component="nav" aria-label={t`Pages`}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(p) => {
          const number = formatNumber(p);
          return { "aria-label": t`Page ${number}`, children: number };
        }}
        getControlProps={(control) => ({
          "aria-label":
            control === "next"
              ? t`Next page`
              : control === "previous"
                ? t`Previous page`
                : control === "first"
                  ? t`First page`
                  : t`Last page`,
        })}
        data-testid={testId}
      />
    </Center>
  );
}

/**
 * "Load more" under a list that grows a page at a time (an infinite query): render it while there
 * is a next page; `loading` while that page is fetched. Test id `load-more`.
 */
export function LoadMore({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  return (
    <Group justify="center">
      <Button variant="light" onClick={onClick} loading={loading} data-testid="load-more">
        <Trans>Load more</Trans>
      </Button>
    </Group>
  );
}
