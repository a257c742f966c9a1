/**
 * The admin content tools' words for each kind (spec part 1 §8 "Admin content tools"), one
 * set per kind so that every sentence is whole in both languages.
 */
import { useLingui } from "@lingui/react/macro";
import type { ContentKind } from "../../../../common/content";

export function useContentTexts(kind: ContentKind) {
  const { t } = useLingui();
  switch (kind) {
    case "document":
      return {
        manage: t`Manage Membership Documents`,
        empty: t`No membership documents yet.`,
        fileLabel: t`Document file`,
        missing: t`Please provide a title and select a document file`,
        uploaded: t`Document uploaded successfully and set as active`,
        uploadFailed: t`Failed to upload document`,
        activated: t`Document activated`,
        deactivated: t`Document deactivated`,
        statusFailed: t`Failed to update document status`,
        deleted: t`Document deleted successfully`,
        deleteFailed: t`Failed to delete document`,
        confirmDelete: t`Delete this document? Its file is removed too.`,
      };
    case "video":
      return {
        manage: t`Manage Videos`,
        empty: t`No videos yet.`,
        fileLabel: t`Video file`,
        missing: t`Please provide a title and select a video file`,
        uploaded: t`Video uploaded successfully`,
        uploadFailed: t`Failed to upload video`,
        activated: t`Video activated`,
        deactivated: t`Video deactivated`,
        statusFailed: t`Failed to update video status`,
        deleted: t`Video deleted successfully`,
        deleteFailed: t`Failed to delete video`,
        confirmDelete: t`Delete this video? Its file is removed too.`,
      };
    case "pdf":
      return {
        manage: t`Manage PDFs`,
        empty: t`No PDFs yet.`,
        fileLabel: t`PDF file`,
        missing: t`Please provide a title and select a PDF file`,
        uploaded: t`PDF uploaded successfully`,
        uploadFailed: t`Failed to upload PDF`,
        activated: t`PDF activated`,
        deactivated: t`PDF deactivated`,
        statusFailed: t`Failed to update PDF status`,
        deleted: t`PDF deleted successfully`,
        deleteFailed: t`Failed to delete PDF`,
        confirmDelete: t`Delete this PDF? Its file is removed too.`,
      };
  }
}
