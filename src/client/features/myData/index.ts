/** The myData feature's public module: the profile page's "Your data" section. */
export { MyDataSection } from "./MyDataSection";
