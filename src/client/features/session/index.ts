/** The session feature's public module: what other features may use. */
export { useSession } from "./useSession";
