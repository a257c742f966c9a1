/** The points feature's public module: the button that opens the upgrade dialog. */
export { UpgradeButton } from "./UpgradeDialog";
